import {
  employeeIdSchema,
  hourlyRateSchema,
  type MemberRole,
  type Permission,
  type Person,
  type PersonUpdate,
  roleTakesPermissions,
} from "@workshift/contracts";
import { z } from "zod";
import { personName } from "../../lib/field-rules.ts";

/**
 * The edit page's values and rules (PATCH /api/people/:id). Only what changed
 * is sent; lists compare as sets (order does not matter).
 */
export interface PersonValues {
  first_name: string;
  last_name: string;
  role: MemberRole;
  permissions: Permission[];
  job_ids: string[];
  board_ids: string[];
  /** As typed; empty is no rate. */
  hourly_rate: string;
  /** The payroll id as typed; empty is none. */
  employee_id: string;
}

export const personFields = [
  "first_name",
  "last_name",
  "role",
  "permissions",
  "job_ids",
  "board_ids",
  "hourly_rate",
  "employee_id",
] as const;
export type PersonField = (typeof personFields)[number];

export const personFormSchema = z.object({
  first_name: personName("account.firstNameRequired"),
  last_name: personName("account.lastNameRequired"),
  hourly_rate: hourlyRateSchema,
  employee_id: employeeIdSchema,
});

const sorted = <T extends string>(list: readonly T[]) => [...list].sort();

/** A rate as the form shows it: "15", "12.5" (the number the API holds, no trailing zeros). */
export function rateText(rate: number | null): string {
  return rate === null ? "" : String(rate);
}

export function personValuesFrom(person: Person): PersonValues {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    role: person.role,
    permissions: sorted(person.permissions),
    job_ids: sorted(person.job_ids),
    board_ids: sorted(person.board_ids),
    hourly_rate: rateText(person.hourly_rate),
    employee_id: person.employee_id ?? "",
  };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((item) => set.has(item));
}

/** A typed rate as a number (null for none), or undefined when it is not a valid rate. */
function rateValue(text: string): number | null | undefined {
  const parsed = hourlyRateSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/** The fields whose value differs from the loaded one (a rate typed as "15.0" is still 15). */
export function changedPersonFields(loaded: PersonValues, current: PersonValues): PersonField[] {
  return personFields.filter((field) => {
    switch (field) {
      case "permissions":
      case "job_ids":
      case "board_ids":
        return !sameSet(loaded[field], current[field]);
      case "hourly_rate": {
        const now = rateValue(current.hourly_rate);
        return now === undefined || now !== rateValue(loaded.hourly_rate);
      }
      case "first_name":
      case "last_name":
      case "employee_id":
        return loaded[field].trim() !== current[field].trim();
      default:
        return loaded[field] !== current[field];
    }
  });
}

/**
 * PATCH's body from the changed fields of checked values. Names only while
 * they may change (the person is invited). Permissions go with a supervisor:
 * when they changed, or when the role became SUPERVISOR; a person who stops
 * being a supervisor has none.
 */
export function personUpdateBody(
  loaded: PersonValues,
  current: PersonValues,
  checked: z.output<typeof personFormSchema>,
  options: { namesEditable: boolean },
): PersonUpdate {
  const changed = new Set(changedPersonFields(loaded, current));
  const body: PersonUpdate = {};
  if (options.namesEditable && changed.has("first_name")) body.first_name = checked.first_name;
  if (options.namesEditable && changed.has("last_name")) body.last_name = checked.last_name;
  if (changed.has("role")) body.role = current.role;
  if (roleTakesPermissions(current.role) && (changed.has("permissions") || changed.has("role"))) {
    body.permissions = sorted(current.permissions);
  } else if (changed.has("role") && roleTakesPermissions(loaded.role)) {
    body.permissions = [];
  }
  if (changed.has("job_ids")) body.job_ids = sorted(current.job_ids);
  if (changed.has("board_ids")) body.board_ids = sorted(current.board_ids);
  if (changed.has("hourly_rate")) body.hourly_rate = checked.hourly_rate;
  if (changed.has("employee_id")) body.employee_id = checked.employee_id;
  return body;
}
