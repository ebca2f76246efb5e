import { DEFAULT_TIME_CLOCK_SETTINGS, type TimeClockSettings } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  settingsFieldErrors,
  settingsFormValues,
  settingsOf,
  settingsUpdateBody,
  validateSettings,
} from "./settings-form.ts";

const loaded: TimeClockSettings = { ...DEFAULT_TIME_CLOCK_SETTINGS };

describe("the time clock settings form", () => {
  it("shows minutes as hours and turns them back", () => {
    const values = settingsFormValues(loaded);
    expect(values.weekly_on).toBe(true);
    expect(values.weekly_hours).toBe(40);
    expect(values.daily_on).toBe(false);
    expect(values.open_limit_hours).toBe(16);
    expect(values.rounding_minutes).toBe("0");
    expect(settingsOf(values)).toEqual(loaded);
  });

  it("sends only what changed", () => {
    const values = settingsFormValues(loaded);
    expect(settingsUpdateBody(loaded, values)).toEqual({});
    expect(
      settingsUpdateBody(loaded, {
        ...values,
        daily_on: true,
        daily_hours: 8.5,
        weekly_on: false,
        rounding_minutes: "15",
      }),
    ).toEqual({ overtime_weekly_minutes: null, overtime_daily_minutes: 510, rounding_minutes: 15 });
  });

  it("refuses what the API refuses, with its keys on the form's fields", () => {
    const values = settingsFormValues(loaded);
    expect(validateSettings(values)).toEqual({});
    expect(validateSettings({ ...values, weekly_hours: "", overtime_multiplier: 4, late_after_minutes: -1 })).toEqual({
      weekly_hours: "timeClock.overtimeInvalid",
      overtime_multiplier: "timeClock.multiplierInvalid",
      late_after_minutes: "timeClock.minutesInvalid",
    });
    // An emptied rule that is switched off is not checked.
    expect(validateSettings({ ...values, daily_on: false, daily_hours: "" })).toEqual({});
  });

  it("puts the API's field errors on the form's fields", () => {
    expect(
      settingsFieldErrors({ overtime_daily_minutes: "timeClock.overtimeInvalid", unknown: "x", pay_period: "p" }),
    ).toEqual({ daily_hours: "timeClock.overtimeInvalid", pay_period: "p" });
  });
});
