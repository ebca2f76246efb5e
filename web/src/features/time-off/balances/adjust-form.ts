import { type LedgerAdjust, ledgerAdjustSchema } from "@workshift/contracts";
import { fieldErrorsOf, schemaIssues } from "../setup/form-rules.ts";
import { hoursToMinutes } from "../setup/hours.ts";

/** "Adjust balance": hours to add or take away, the day it counts from, and why (required, audited). */
export interface AdjustFormValues {
  direction: "add" | "take";
  hours: number | string;
  effective_on: string;
  reason: string;
}
export type AdjustField = keyof AdjustFormValues;

export const emptyAdjustValues = (today: string): AdjustFormValues => ({
  direction: "add",
  hours: "",
  effective_on: today,
  reason: "",
});

export function adjustBody(values: AdjustFormValues, userId: string, leaveTypeId: string): LedgerAdjust {
  const minutes = hoursToMinutes(values.hours) ?? Number.NaN;
  return {
    user_id: userId,
    leave_type_id: leaveTypeId,
    minutes: values.direction === "take" ? -Math.abs(minutes) : Math.abs(minutes),
    effective_on: values.effective_on,
    reason: values.reason,
  };
}

export function adjustFieldErrors(fields: Record<string, string>): Partial<Record<AdjustField, string>> {
  return fieldErrorsOf(fields, (path) => {
    const head = path.split(".")[0];
    if (head === "minutes") return "hours";
    return head === "effective_on" || head === "reason" ? head : null;
  });
}

const SOMEONE = "00000000-0000-4000-8000-000000000000";
export function validateAdjust(values: AdjustFormValues): Partial<Record<AdjustField, string>> {
  return adjustFieldErrors(schemaIssues(ledgerAdjustSchema, adjustBody(values, SOMEONE, SOMEONE)));
}
