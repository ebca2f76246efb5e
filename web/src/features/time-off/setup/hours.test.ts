import { describe, expect, it } from "vitest";
import {
  formatDays,
  formatHours,
  formatSignedHours,
  hoursToMinutes,
  isolate,
  minutesToDays,
  minutesToHours,
} from "./hours.ts";

describe("hours and minutes", () => {
  it("turns typed hours into whole minutes, with a dot or a comma", () => {
    expect(hoursToMinutes(8)).toBe(480);
    expect(hoursToMinutes(7.5)).toBe(450);
    expect(hoursToMinutes("7,5")).toBe(450);
    expect(hoursToMinutes(" 0.25 ")).toBe(15);
    expect(hoursToMinutes(1 / 3)).toBe(20);
  });

  it("says nothing for an empty field and NaN for what can't be read", () => {
    expect(hoursToMinutes("")).toBeNull();
    expect(hoursToMinutes("  ")).toBeNull();
    expect(hoursToMinutes("abc")).toBeNaN();
    expect(hoursToMinutes(Number.POSITIVE_INFINITY)).toBeNaN();
  });

  it("shows minutes as hours and days with two decimals at most", () => {
    expect(minutesToHours(450)).toBe(7.5);
    expect(minutesToHours(100)).toBe(1.67);
    expect(minutesToHours(-90)).toBe(-1.5);
    expect(minutesToDays(1200, 480)).toBe(2.5);
    expect(minutesToDays(60, 0)).toBe(0);
  });

  it("round-trips what a form shows", () => {
    for (const minutes of [0, 15, 450, 4800, 527_040]) expect(hoursToMinutes(minutesToHours(minutes))).toBe(minutes);
  });

  it("writes numbers in the reader's language", () => {
    expect(formatHours(450, "en")).toBe("7.5");
    expect(formatHours(450, "fr")).toBe("7,5");
    expect(formatHours(60 * 1500, "en")).toBe("1,500");
    expect(formatDays(1200, 480, "es")).toBe("2,5");
    expect(formatHours(450, "ar")).toBe(new Intl.NumberFormat("ar").format(7.5));
    expect(formatSignedHours(240, "en")).toBe("+4");
    expect(formatSignedHours(-240, "en")).toBe("-4");
    expect(formatHours(-0, "en")).toBe("0");
  });

  it("sets a number apart from the sentence around it", () => {
    expect(isolate("8")).toBe("\u20688\u2069");
  });
});
