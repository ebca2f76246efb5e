import { describe, expect, it } from "vitest";
import { weekdayNames, weekdayOptions } from "./weekdays.ts";

describe("weekday names", () => {
  it("names the weekdays from Sunday in the reader's language", () => {
    expect(weekdayNames("en")).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
    expect(weekdayNames("fr")[1]).toBe("lundi");
    expect(weekdayOptions("en")[0]).toEqual({ value: "0", label: "Sunday" });
    expect(weekdayOptions("ar")[6]).toEqual({ value: "6", label: "السبت" });
  });
});
