import { timeOffSettingsSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { blockBody, validateBlock, validateHoliday } from "./dates-form.ts";
import { settingsBody, settingsValuesFrom, validateSettings } from "./settings-form.ts";
import { nextTypeColor, validateType } from "./type-form.ts";

const BAR = "3f0e8f7e-0000-4000-8000-00000000000a";
const KITCHEN = "3f0e8f7e-0000-4000-8000-00000000000b";

describe("the time-off settings form", () => {
  const settings = {
    day_minutes: 450,
    weekend_days: [6, 0],
    blocked_dates_policy: "refuse" as const,
    leave_scheduling_policy: "warn" as const,
    job_limits: [{ job_id: BAR, max_off: 2 }],
  };

  it("shows the day in hours, the weekend as chips and every job's limit (empty for none)", () => {
    expect(settingsValuesFrom(settings, [BAR, KITCHEN])).toEqual({
      day_hours: 7.5,
      weekend_days: ["0", "6"],
      blocked_dates_policy: "refuse",
      leave_scheduling_policy: "warn",
      job_limits: { [BAR]: 2, [KITCHEN]: "" },
    });
  });

  it("sends minutes, weekday numbers and null for no limit", () => {
    const body = settingsBody(settingsValuesFrom(settings, [BAR, KITCHEN]));
    expect(body).toEqual({
      ...settings,
      weekend_days: [0, 6],
      job_limits: [
        { job_id: BAR, max_off: 2 },
        { job_id: KITCHEN, max_off: null },
      ],
    });
    expect(timeOffSettingsSchema.safeParse(body).success).toBe(true);
  });

  it("refuses a day outside 1–24 hours, a week all weekend and a negative limit, on their fields", () => {
    const values = settingsValuesFrom(settings, [BAR, KITCHEN]);
    expect(validateSettings({ ...values, day_hours: 25 })).toEqual({ day_hours: "timeOff.dayMinutesInvalid" });
    expect(validateSettings({ ...values, day_hours: "" })).toEqual({ day_hours: "timeOff.dayMinutesInvalid" });
    expect(validateSettings({ ...values, weekend_days: ["0", "1", "2", "3", "4", "5", "6"] })).toEqual({
      weekend_days: "timeOff.weekendInvalid",
    });
    expect(Object.keys(validateSettings({ ...values, job_limits: { [BAR]: 1, [KITCHEN]: -1 } }))).toEqual([
      `job_limits.${KITCHEN}`,
    ]);
  });
});

describe("the small forms", () => {
  it("a leave type needs a name and a palette colour", () => {
    expect(validateType({ name: "", color: "#2f9e44", paid: true })).toEqual({ name: "timeOff.typeNameRequired" });
    expect(validateType({ name: "Vacation", color: "green", paid: true })).toHaveProperty("color");
    expect(nextTypeColor([])).toMatch(/^#/);
  });

  it("a holiday needs a day and a name", () => {
    expect(validateHoliday({ day: "2026-12-25", name: "Christmas" })).toEqual({});
    expect(validateHoliday({ day: "", name: "" })).toHaveProperty("name", "timeOff.holidayNameRequired");
  });

  it("blocked dates run forward, for the whole company or one board, with a reason", () => {
    const values = { board_id: "all", starts_on: "2026-12-20", ends_on: "2026-12-31", reason: "Season" };
    expect(blockBody(values).board_id).toBeNull();
    expect(validateBlock(values)).toEqual({});
    expect(validateBlock({ ...values, ends_on: "2026-12-01" })).toEqual({ ends_on: "timeOff.rangeInvalid" });
    expect(validateBlock({ ...values, reason: "" })).toEqual({ reason: "timeOff.blockReasonRequired" });
  });
});
