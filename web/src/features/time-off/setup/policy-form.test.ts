import { type LeavePolicy, leavePolicyInputSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { emptyPolicyValues, policyBody, policyFieldErrors, policyValuesFrom, validatePolicy } from "./policy-form.ts";

const TYPE = "3f0e8f7e-0000-4000-8000-000000000002";

describe("the policy form", () => {
  it("sends hours as minutes, and empty limits as none", () => {
    const body = policyBody(
      { ...emptyPolicyValues(), name: "Full time", accrual: "per_period", amount_hours: "7,5", max_balance_hours: 80 },
      TYPE,
    );
    expect(body).toMatchObject({
      accrual: "per_period",
      amount_minutes: 450,
      per_worked_minutes: null,
      max_balance_minutes: 4800,
      carryover_max_minutes: null,
      waiting_days: 0,
      negative_allowance_minutes: 0,
      prorate: false,
    });
    expect(leavePolicyInputSchema.safeParse(body).success).toBe(true);
  });

  it("sends the hours worked only for accrual per hours worked", () => {
    const values = { ...emptyPolicyValues(), name: "Hourly", accrual: "per_hours" as const, amount_hours: 1 };
    expect(policyBody({ ...values, per_worked_hours: 30 }, TYPE).per_worked_minutes).toBe(1800);
    expect(policyBody({ ...values, accrual: "yearly", per_worked_hours: 30 }, TYPE).per_worked_minutes).toBeNull();
  });

  it("keeps nothing of amounts for a tracked-only policy", () => {
    const body = policyBody(
      { ...emptyPolicyValues(), name: "Sick", accrual: "none", amount_hours: 8, carryover_max_hours: 4 },
      TYPE,
    );
    expect(body).toMatchObject({ amount_minutes: 0, carryover_max_minutes: null });
    expect(validatePolicy({ ...emptyPolicyValues(), name: "Sick", accrual: "none" })).toEqual({});
  });

  it("refuses what the API refuses, on the field that holds it", () => {
    const values = { ...emptyPolicyValues(), name: "Full time", amount_hours: 80 };
    expect(validatePolicy({ ...values, name: " " })).toEqual({ name: "timeOff.policyNameRequired" });
    expect(validatePolicy({ ...values, amount_hours: "" })).toEqual({ amount_hours: "timeOff.minutesInvalid" });
    expect(validatePolicy({ ...values, amount_hours: -1 })).toEqual({ amount_hours: "timeOff.minutesInvalid" });
    expect(validatePolicy({ ...values, accrual: "per_hours" })).toEqual({
      per_worked_hours: "timeOff.perWorkedInvalid",
    });
    expect(validatePolicy({ ...values, waiting_days: 800 })).toEqual({ waiting_days: "timeOff.waitingInvalid" });
    expect(validatePolicy({ ...values, reset_day: 32 })).toEqual({ reset_day: "timeOff.resetInvalid" });
    expect(validatePolicy({ ...values, max_balance_hours: "x" })).toEqual({
      max_balance_hours: "timeOff.minutesInvalid",
    });
  });

  it("places the API's field messages on the form's fields", () => {
    expect(policyFieldErrors({ amount_minutes: "a", carryover_max_minutes: "b", leave_type_id: "c" })).toEqual({
      amount_hours: "a",
      carryover_max_hours: "b",
    });
  });

  it("loads a policy back in hours", () => {
    const policy: LeavePolicy = {
      id: "3f0e8f7e-0000-4000-8000-000000000001",
      leave_type_id: TYPE,
      name: "Part time",
      accrual: "per_hours",
      amount_minutes: 60,
      per_worked_minutes: 1800,
      reset_month: 4,
      reset_day: 6,
      prorate: false,
      max_balance_minutes: null,
      carryover_max_minutes: 2400,
      waiting_days: 30,
      negative_allowance_minutes: 90,
      archived: false,
      people: 2,
    };
    const values = policyValuesFrom(policy);
    expect(values).toMatchObject({
      amount_hours: 1,
      per_worked_hours: 30,
      reset_month: "4",
      max_balance_hours: "",
      carryover_max_hours: 40,
      negative_allowance_hours: 1.5,
    });
    expect(policyBody(values, TYPE)).toMatchObject({
      amount_minutes: 60,
      per_worked_minutes: 1800,
      negative_allowance_minutes: 90,
    });
  });
});
