import { defaultScheduleRules, scheduleRulesSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { rulesBody, rulesFieldErrors, rulesValues, validateRules } from "./rules-form.ts";

describe("the scheduling rules form", () => {
  it("shows the rules in hours and sends them back in minutes", () => {
    const values = rulesValues(defaultScheduleRules);
    expect(values).toEqual({ min_rest_hours: 10, daily_limit_hours: 8, weekly_limit_hours: 40 });
    expect(rulesBody(values)).toEqual(defaultScheduleRules);
    expect(rulesBody({ min_rest_hours: 11.5, daily_limit_hours: "9.25", weekly_limit_hours: 38 })).toEqual({
      min_rest_minutes: 690,
      daily_limit_minutes: 555,
      weekly_limit_minutes: 2280,
    });
  });

  it("keeps within the bounds the API accepts", () => {
    expect(validateRules({ min_rest_hours: 0, daily_limit_hours: 24, weekly_limit_hours: 168 })).toEqual({});
    expect(
      scheduleRulesSchema.safeParse(rulesBody({ min_rest_hours: 0, daily_limit_hours: 24, weekly_limit_hours: 168 }))
        .success,
    ).toBe(true);
    expect(validateRules({ min_rest_hours: 49, daily_limit_hours: 0.5, weekly_limit_hours: "" })).toEqual({
      min_rest_hours: "schedule.restInvalid",
      daily_limit_hours: "schedule.dailyLimitInvalid",
      weekly_limit_hours: "schedule.weeklyLimitInvalid",
    });
    expect(validateRules({ min_rest_hours: -1, daily_limit_hours: 25, weekly_limit_hours: 169 })).toEqual({
      min_rest_hours: "schedule.restInvalid",
      daily_limit_hours: "schedule.dailyLimitInvalid",
      weekly_limit_hours: "schedule.weeklyLimitInvalid",
    });
  });

  it("puts the API's refusals under the hours fields", () => {
    expect(rulesFieldErrors({ daily_limit_minutes: "Too small", other: "x" })).toEqual({
      daily_limit_hours: "schedule.dailyLimitInvalid",
    });
  });
});
