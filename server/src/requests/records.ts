import {
  type AvailabilityChange,
  type LeaveType,
  localDateOf,
  type Request,
  type RequestClosedCode,
  type RequestKind,
  type RequestPerson,
  type RequestShift,
  type RequestStatus,
  type RequestTimeOff,
  type TimeOffDay,
  type TimeOffShiftAction,
} from "@workshift/contracts";
import { type Selectable, sql } from "kysely";
import type { RequestsTable } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * A request as stored, and as the API shows it. One row whatever the kind;
 * what the kind asked for is in `details` (RequestDetails), so a request
 * still says what it was about after its shift or entry is gone.
 */

export type RequestRow = Selectable<RequestsTable>;

/** A shift as it was when asked for (published values). */
export interface ShiftSnapshot {
  id: string;
  board_id: string;
  job_id: string | null;
  /** Who worked it (null: open). */
  user_id: string | null;
  starts_at: string;
  ends_at: string;
  break_minutes: number;
}

/** Time off as asked (kinds time_off and, copied from the leave it cancels, time_off_cancel). */
export interface TimeOffDetails {
  from: string;
  to: string;
  part: { start: string; end: string } | null;
  minutes: number;
  days: TimeOffDay[];
  /** The person's zone the days were read in. */
  time_zone: string;
  /** Set when approved: what became of the published shifts it overlapped. */
  shifts_action: TimeOffShiftAction | null;
  /** Blocked dates it met when asked, where the organization only warns. */
  blocked?: { starts_on: string; ends_on: string; reason: string; board_id: string | null }[];
}

/** What a request asked for, by kind (the `details` column). */
export interface RequestDetails {
  /** time_off, time_off_cancel: the leave. */
  time_off?: TimeOffDetails;
  /** claim, cover, swap: the shift as asked for. */
  shift?: ShiftSnapshot;
  /** swap: the teammate's shift as asked for. */
  other_shift?: ShiftSnapshot;
  /** availability: the change (as the contracts' schema outputs it). */
  change?: AvailabilityChange;
  /** correction: the entry as it should be, and the version of the entry it corrects (null: a missed entry). */
  correction?: {
    job_id: string | null;
    clock_in_at: string;
    clock_out_at: string;
    breaks: { starts_at: string; ends_at: string }[];
    entry_version: number | null;
    /** The zone its times are read in (its shift's board's, else the organization's). */
    time_zone?: string;
  };
}

export const detailsOf = (row: Pick<RequestRow, "details">): RequestDetails =>
  (typeof row.details === "string" ? JSON.parse(row.details) : (row.details ?? {})) as RequestDetails;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The day a request concerns, as stored (`day` is a date; drivers differ in how they read one). */
export function dayText(value: Date | string): string {
  if (typeof value === "string") return value.slice(0, 10);
  const y = value.getFullYear();
  const m = String(value.getMonth() + 1).padStart(2, "0");
  const d = String(value.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** The day a shift is on: its board's day (zoneOfWork). */
export const shiftDay = (startsAt: string, zone: string): string => localDateOf(startsAt, zone);

interface ShiftLook {
  id: string;
  board_id: string;
  board_name: string;
  time_zone: string;
  board_archived: boolean;
  job_id: string | null;
  user_id: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  break_minutes: number;
  deleted_at: Date | string | null;
}

/** The shifts (any state), with their board and job, by id. */
async function shiftsById(tx: Tx, organizationId: string, ids: readonly string[]): Promise<Map<string, ShiftLook>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .select([
      "s.id",
      "s.job_scheduler_id as board_id",
      "b.name as board_name",
      "b.time_zone",
      "b.is_archived as board_archived",
      "s.job_id",
      "s.user_id",
      "s.starts_at",
      "s.ends_at",
      "s.break_minutes",
      "s.deleted_at",
    ])
    .where("s.organization_id", "=", organizationId)
    .where(sql<boolean>`s.id = any(${[...new Set(ids)]}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function namesById(
  tx: Tx,
  organizationId: string,
  table: "job_schedulers" | "jobs",
  ids: readonly string[],
): Promise<Map<string, { name: string; color: string; time_zone: string }>> {
  if (ids.length === 0) return new Map();
  if (table === "jobs") {
    const rows = await tx
      .selectFrom("jobs")
      .select(["id", "name", "color"])
      .where("organization_id", "=", organizationId)
      .where(sql<boolean>`id = any(${[...new Set(ids)]}::uuid[])`)
      .execute();
    return new Map(rows.map((row) => [row.id, { name: row.name, color: row.color, time_zone: "UTC" }]));
  }
  const rows = await tx
    .selectFrom("job_schedulers")
    .select(["id", "name", "time_zone"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`id = any(${[...new Set(ids)]}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, color: "", time_zone: row.time_zone }]));
}

async function peopleById(tx: Tx, ids: readonly string[]): Promise<Map<string, RequestPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom("users")
    .select(["id", "first_name", "last_name"])
    .where(sql<boolean>`id = any(${[...new Set(ids)]}::uuid[])`)
    .execute();
  // user_id stays the account here: the API's edge names people by their id in the organization.
  return new Map(
    rows.map((row) => [row.id, { user_id: row.id, first_name: row.first_name, last_name: row.last_name }]),
  );
}

async function leaveTypesById(tx: Tx, organizationId: string, ids: readonly string[]): Promise<Map<string, LeaveType>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom("leave_types")
    .select(["id", "name", "color", "paid", sql<boolean>`archived_at is not null`.as("archived")])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`id = any(${[...new Set(ids)]}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The leave a time_off or time_off_cancel request holds (a cancellation's, copied from the leave it cancels). */
function timeOffOf(row: RequestRow, details: RequestDetails, types: Map<string, LeaveType>): RequestTimeOff | null {
  const leave = details.time_off;
  if (!leave || !row.leave_type_id) return null;
  const type = types.get(row.leave_type_id) ?? {
    id: row.leave_type_id,
    name: "",
    color: "#868e96",
    paid: false,
    archived: true,
  };
  return {
    leave_type: type,
    from: leave.from,
    to: leave.to,
    part: leave.part,
    minutes: leave.minutes,
    days: leave.days.map(({ day, minutes, basis, holiday }) => ({ day, minutes, basis, holiday })),
    time_zone: leave.time_zone,
    cancels_request_id: row.cancels_request_id,
    shifts_action: leave.shifts_action ?? null,
  };
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/**
 * Requests as the contracts' Request, in the order given, with a few batched
 * reads whatever their number: the people they name, and their shifts as
 * they are now (from what was asked when a shift is gone for good).
 */
export async function presentRequests(tx: Tx, organizationId: string, rows: readonly RequestRow[]): Promise<Request[]> {
  if (rows.length === 0) return [];
  const details = rows.map(detailsOf);
  const shiftIds = rows.flatMap((row) => [row.shift_id, row.other_shift_id]).filter(present);
  const snapshots = details.flatMap((d) => [d.shift, d.other_shift]).filter(present);
  const personIds = rows
    .flatMap((row) => [row.author_id, row.to_user_id, row.taker_id, row.decided_by])
    .filter(present);
  const leaveTypeIds = rows.map((row) => row.leave_type_id).filter(present);
  const [shifts, boards, people, leaveTypes] = await Promise.all([
    shiftsById(tx, organizationId, shiftIds),
    namesById(
      tx,
      organizationId,
      "job_schedulers",
      snapshots.map((s) => s.board_id),
    ),
    peopleById(tx, personIds),
    leaveTypesById(tx, organizationId, leaveTypeIds),
  ]);
  // The jobs of the shifts as asked and as they are now (a manager may have changed a shift's job).
  const jobIds = [...snapshots.map((s) => s.job_id), ...[...shifts.values()].map((s) => s.job_id)].filter(present);
  const jobs = await namesById(tx, organizationId, "jobs", jobIds);

  const jobOf = (id: string | null) => {
    const job = id === null ? undefined : jobs.get(id);
    return id !== null && job ? { id, name: job.name, color: job.color } : null;
  };
  const shiftOf = (id: string | null, snapshot: ShiftSnapshot | undefined): RequestShift | null => {
    const now = id === null ? undefined : shifts.get(id);
    if (now) {
      return {
        id: now.id,
        board: { id: now.board_id, name: now.board_name },
        job: jobOf(now.job_id),
        user_id: now.user_id,
        starts_at: iso(now.starts_at),
        ends_at: iso(now.ends_at),
        break_minutes: now.break_minutes,
        time_zone: now.time_zone,
        gone: now.deleted_at !== null || now.board_archived,
      };
    }
    if (!snapshot) return null;
    const board = boards.get(snapshot.board_id);
    return {
      id: snapshot.id,
      board: { id: snapshot.board_id, name: board?.name ?? "" },
      job: jobOf(snapshot.job_id),
      user_id: snapshot.user_id,
      starts_at: snapshot.starts_at,
      ends_at: snapshot.ends_at,
      break_minutes: snapshot.break_minutes,
      time_zone: board?.time_zone ?? "UTC",
      gone: true,
    };
  };
  const personOf = (id: string | null): RequestPerson | null =>
    id === null ? null : (people.get(id) ?? { user_id: id, first_name: "", last_name: "" });

  return rows.map((row, i) => {
    const d = details[i] as RequestDetails;
    const status = row.status as RequestStatus;
    const decided = row.decided_at !== null;
    return {
      id: row.id,
      kind: row.kind as RequestKind,
      status,
      author: personOf(row.author_id) as RequestPerson,
      shift: d.shift || row.shift_id ? shiftOf(row.shift_id, d.shift) : null,
      other_shift: d.other_shift || row.other_shift_id ? shiftOf(row.other_shift_id, d.other_shift) : null,
      to_user: personOf(row.to_user_id),
      taker: personOf(row.taker_id),
      availability: d.change ?? null,
      correction: d.correction
        ? {
            entry_id: row.entry_id,
            job_id: d.correction.job_id,
            clock_in_at: d.correction.clock_in_at,
            clock_out_at: d.correction.clock_out_at,
            breaks: d.correction.breaks,
            ...(d.correction.time_zone ? { time_zone: d.correction.time_zone } : {}),
          }
        : null,
      time_off: timeOffOf(row, d, leaveTypes),
      note: row.note,
      board_id: row.board_id,
      date: dayText(row.day),
      decision:
        decided && row.decided_at
          ? {
              by: personOf(row.decided_by),
              at: iso(row.decided_at),
              reason: row.decision_reason,
              automatic: row.automatic,
            }
          : null,
      refusal_reason: row.refusal_reason,
      closed_code: (row.closed_code as RequestClosedCode | null) ?? null,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      version: row.version,
    };
  });
}
