import { type BalancesResponse, leavePersonPatchSchema } from "@workshift/contracts";
import { fieldErrorsOf, schemaIssues } from "../setup/form-rules.ts";
import { hoursToMinutes, minutesToHours } from "../setup/hours.ts";

/** A person's start date (empty: the day they joined) and usual day in hours (empty: the company's). */
export interface PersonFormValues {
  started_on: string;
  day_hours: number | string;
}

export const personValuesFrom = (
  answer: Pick<BalancesResponse, "started_on">,
  ownDayMinutes: number | null,
): PersonFormValues => ({
  started_on: answer.started_on ?? "",
  day_hours: ownDayMinutes === null ? "" : minutesToHours(ownDayMinutes),
});

export const personBody = (values: PersonFormValues) => ({
  started_on: values.started_on === "" ? null : values.started_on,
  day_minutes: hoursToMinutes(values.day_hours),
});

export function personFieldErrors(fields: Record<string, string>): Partial<Record<keyof PersonFormValues, string>> {
  return fieldErrorsOf(fields, (path) => {
    const head = path.split(".")[0];
    if (head === "day_minutes") return "day_hours";
    return head === "started_on" ? "started_on" : null;
  });
}

export const validatePerson = (values: PersonFormValues) =>
  personFieldErrors(schemaIssues(leavePersonPatchSchema, personBody(values)));
