import {
  type LeaveAccrual,
  type LeavePolicy,
  type LeavePolicyInput,
  leavePolicyInputSchema,
} from "@workshift/contracts";
import { fieldErrorsOf, schemaIssues } from "./form-rules.ts";
import { hoursToMinutes, minutesToHours } from "./hours.ts";

/**
 * The policy form: amounts typed in hours (NumberInput values: a number, or ""
 * when empty), sent in minutes. Empty means "none" where the API allows it
 * (no cap, everything carries over) and 0 for the wait and the negative
 * allowance.
 */
export interface PolicyFormValues {
  name: string;
  accrual: LeaveAccrual;
  amount_hours: number | string;
  per_worked_hours: number | string;
  /** "1" … "12" (a Select's value). */
  reset_month: string;
  reset_day: number | string;
  prorate: boolean;
  max_balance_hours: number | string;
  carryover_max_hours: number | string;
  waiting_days: number | string;
  negative_allowance_hours: number | string;
}
export type PolicyField = keyof PolicyFormValues;

export const emptyPolicyValues = (): PolicyFormValues => ({
  name: "",
  accrual: "yearly",
  amount_hours: "",
  per_worked_hours: "",
  reset_month: "1",
  reset_day: 1,
  prorate: true,
  max_balance_hours: "",
  carryover_max_hours: "",
  waiting_days: 0,
  negative_allowance_hours: 0,
});

const hoursOrEmpty = (minutes: number | null): number | string => (minutes === null ? "" : minutesToHours(minutes));

export function policyValuesFrom(policy: LeavePolicy): PolicyFormValues {
  return {
    name: policy.name,
    accrual: policy.accrual,
    amount_hours: policy.accrual === "none" ? "" : minutesToHours(policy.amount_minutes),
    per_worked_hours: hoursOrEmpty(policy.per_worked_minutes),
    reset_month: String(policy.reset_month),
    reset_day: policy.reset_day,
    prorate: policy.prorate,
    max_balance_hours: hoursOrEmpty(policy.max_balance_minutes),
    carryover_max_hours: hoursOrEmpty(policy.carryover_max_minutes),
    waiting_days: policy.waiting_days,
    negative_allowance_hours: minutesToHours(policy.negative_allowance_minutes),
  };
}

/** Required amounts: empty is refused as the API refuses a missing number. */
const required = (value: number | string): number => hoursToMinutes(value) ?? Number.NaN;
const wholeOr = (value: number | string, empty: number): number => {
  if (typeof value === "number") return value;
  return value.trim() === "" ? empty : Number(value);
};

/** The body POST /api/time-off/policies takes (PATCH takes the same without the type). */
export function policyBody(values: PolicyFormValues, leaveTypeId: string): LeavePolicyInput {
  const accrues = values.accrual !== "none";
  return {
    leave_type_id: leaveTypeId,
    name: values.name,
    accrual: values.accrual,
    amount_minutes: accrues ? required(values.amount_hours) : 0,
    per_worked_minutes: values.accrual === "per_hours" ? required(values.per_worked_hours) : null,
    reset_month: Number(values.reset_month),
    reset_day: wholeOr(values.reset_day, Number.NaN),
    prorate: values.accrual === "yearly" && values.prorate,
    max_balance_minutes: hoursToMinutes(values.max_balance_hours),
    carryover_max_minutes: accrues ? hoursToMinutes(values.carryover_max_hours) : null,
    waiting_days: wholeOr(values.waiting_days, 0),
    negative_allowance_minutes: hoursToMinutes(values.negative_allowance_hours) ?? 0,
  };
}

const apiToForm: Record<string, PolicyField> = {
  name: "name",
  accrual: "accrual",
  amount_minutes: "amount_hours",
  per_worked_minutes: "per_worked_hours",
  reset_month: "reset_month",
  reset_day: "reset_day",
  prorate: "prorate",
  max_balance_minutes: "max_balance_hours",
  carryover_max_minutes: "carryover_max_hours",
  waiting_days: "waiting_days",
  negative_allowance_minutes: "negative_allowance_hours",
};

/** The API's field refusals (or the schema's), on the form's fields. */
export function policyFieldErrors(fields: Record<string, string>): Partial<Record<PolicyField, string>> {
  return fieldErrorsOf(fields, (path) => apiToForm[path.split(".")[0] ?? path] ?? null);
}

/** The form's errors: the API's rules on the body it would send (the type is checked by the API). */
export function validatePolicy(values: PolicyFormValues): Partial<Record<PolicyField, string>> {
  return policyFieldErrors(schemaIssues(leavePolicyInputSchema, policyBody(values, PLACEHOLDER_TYPE)));
}
const PLACEHOLDER_TYPE = "00000000-0000-4000-8000-000000000000";
