import { describe, expect, it } from "vitest";
import type { ClockSpan } from "./clock-actions.ts";
import { durationText, liveMinutes, metersText, spokenDuration, timerText, workedMs } from "./clock-format.ts";

const at = (time: string) => Date.parse(`2026-06-08T${time}:00.000Z`);
const iso = (time: string) => `2026-06-08T${time}:00.000Z`;
const open = (breaks: ClockSpan["breaks"] = []): ClockSpan => ({
  clock_in_at: iso("09:00"),
  clock_out_at: null,
  breaks,
});

describe("workedMs", () => {
  it("counts an open entry to now", () => {
    expect(workedMs(open(), at("10:30"))).toBe(90 * 60_000);
  });

  it("leaves out breaks, a break going on counting to now", () => {
    const breaks = [
      { starts_at: iso("10:00"), ends_at: iso("10:15") },
      { starts_at: iso("12:00"), ends_at: null },
    ];
    expect(workedMs(open(breaks), at("12:20"))).toBe((200 - 15 - 20) * 60_000);
  });

  it("stops at the clock-out", () => {
    expect(workedMs({ ...open(), clock_out_at: iso("11:00") }, at("15:00"))).toBe(120 * 60_000);
  });

  it("counts only what falls after `from`", () => {
    const breaks = [{ starts_at: iso("09:30"), ends_at: iso("10:30") }];
    expect(workedMs(open(breaks), at("11:00"), at("10:00"))).toBe(30 * 60_000);
    expect(workedMs({ ...open(), clock_out_at: iso("09:30") }, at("11:00"), at("10:00"))).toBe(0);
  });

  it("is never below zero (a device clock behind the server's)", () => {
    expect(workedMs(open(), at("08:00"))).toBe(0);
  });
});

describe("liveMinutes", () => {
  it("adds to the status's minutes what was worked since the server counted them", () => {
    expect(liveMinutes(120, [open()], iso("11:00"), at("11:45"))).toBe(165);
    expect(liveMinutes(120, [], iso("11:00"), at("11:45"))).toBe(120);
  });
});

describe("timerText", () => {
  it("shows hours, minutes and seconds", () => {
    expect(timerText(0, "en")).toBe("0:00:00");
    expect(timerText(((2 * 60 + 5) * 60 + 9) * 1000 + 999, "en")).toBe("2:05:09");
    expect(timerText(26 * 3600 * 1000, "fr")).toBe("26:00:00");
    expect(timerText(-5000, "en")).toBe("0:00:00");
  });

  it("uses the language's digits", () => {
    expect(timerText(65_000, "ar-EG")).toBe("٠:٠١:٠٥");
  });
});

describe("durationText", () => {
  it("says hours and minutes in the language", () => {
    expect(durationText(0, "en")).toBe("0m");
    expect(durationText(45, "en")).toBe("45m");
    expect(durationText(120, "en")).toBe("2h");
    expect(durationText(450, "en")).toBe("7h 30m");
    expect(durationText(450, "fr")).toMatch(/^7\s?h 30\s?min$/);
  });
});

describe("spokenDuration", () => {
  it("reads the timer aloud to the minute", () => {
    expect(spokenDuration(59_000, "en")).toBe("0 minutes");
    expect(spokenDuration(61 * 60_000, "en")).toBe("1 hour, 1 minute");
    expect(spokenDuration(2 * 3600_000, "en")).toBe("2 hours");
  });
});

describe("metersText", () => {
  it("says a distance", () => {
    expect(metersText(350, "en")).toBe("350 m");
  });
});
