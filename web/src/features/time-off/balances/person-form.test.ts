import { describe, expect, it } from "vitest";
import { personBody, personValuesFrom, validatePerson } from "./person-form.ts";

describe("a person's start date and usual day", () => {
  it("shows an unset start date and the company's day as empty", () => {
    expect(personValuesFrom({ started_on: null }, null)).toEqual({ started_on: "", day_hours: "" });
    expect(personValuesFrom({ started_on: "2025-02-03" }, 450)).toEqual({ started_on: "2025-02-03", day_hours: 7.5 });
  });

  it("sends empty as none, and hours as minutes", () => {
    expect(personBody({ started_on: "", day_hours: "" })).toEqual({ started_on: null, day_minutes: null });
    expect(personBody({ started_on: "2025-02-03", day_hours: "7,5" })).toEqual({
      started_on: "2025-02-03",
      day_minutes: 450,
    });
  });

  it("refuses a usual day outside 1 to 24 hours", () => {
    expect(validatePerson({ started_on: "", day_hours: 0.5 })).toEqual({ day_hours: "timeOff.dayMinutesInvalid" });
    expect(validatePerson({ started_on: "", day_hours: 8 })).toEqual({});
  });
});
