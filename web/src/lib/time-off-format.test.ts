import { describe, expect, it } from "vitest";
import { leaveDateRange, leaveDays, leaveHours, partTimes, shiftSpan, wallTime } from "./time-off-format.ts";

const plain = (text: string) => text.replace(/[\u2068\u2069]/g, "").replace(/[\u202f\u00a0\u2009]/g, " ");

describe("time off's amounts", () => {
  it("says minutes as hours with at most one decimal", () => {
    expect(plain(leaveHours(480, "en"))).toBe("8h");
    expect(plain(leaveHours(450, "en"))).toBe("7.5h");
    expect(plain(leaveHours(-240, "en"))).toBe("-4h");
  });

  it("says minutes as days of the person's usual day, or nothing without one", () => {
    expect(leaveDays(960, 480, "en")).toBe("2 days");
    expect(leaveDays(240, 480, "en")).toBe("0.5 days");
    expect(leaveDays(480, 450, "en")).toBe("1.07 days");
    expect(leaveDays(480, null, "en")).toBeNull();
    expect(leaveDays(480, 0, "en")).toBeNull();
  });

  it("keeps the minus of a balance below zero in a language that says two days in one word", () => {
    expect(leaveDays(960, 480, "ar")).toBe("يومان");
    expect(leaveDays(-960, 480, "ar")).toMatch(/-2/);
    expect(leaveDays(-480, 480, "ar")).toMatch(/-1/);
    expect(leaveDays(-7680, 480, "ar")).toMatch(/-16/);
  });
});

describe("time off's dates and times", () => {
  it("writes one day, or a range the language's way, never moved by the process's zone", () => {
    expect(plain(leaveDateRange("2026-03-02", "2026-03-02", "en"))).toBe("Mon, Mar 2");
    expect(plain(leaveDateRange("2026-03-02", "2026-03-04", "en"))).toBe("Mon, Mar 2 – Wed, Mar 4");
  });

  it("writes a part of a day's wall-clock times as the language does", () => {
    expect(wallTime("13:30", "en-GB")).toBe("13:30");
    expect(plain(wallTime("13:30", "en-US"))).toBe("1:30 PM");
    expect(plain(partTimes({ start: "09:00", end: "13:00" }, "en-GB"))).toBe("9:00–13:00");
  });

  it("writes a shift's day and times in its board's zone, marking an end on a later day", () => {
    expect(plain(shiftSpan("2026-03-02T08:00:00Z", "2026-03-02T16:00:00Z", "Europe/Paris", "en-GB"))).toBe(
      "Mon 2 Mar · 9:00–17:00",
    );
    expect(plain(shiftSpan("2026-03-02T21:00:00Z", "2026-03-03T05:00:00Z", "Europe/Paris", "en-GB"))).toBe(
      "Mon 2 Mar · 22:00–6:00 (Tue 3 Mar)",
    );
  });
});
