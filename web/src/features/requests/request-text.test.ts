import { describe, expect, it } from "vitest";
import { availabilityLines, requestTitle, shiftWhen, timesText, wallTime } from "./request-text.ts";
import { ANA, englishT, item, plain, shift } from "./requests.test-support.ts";

const t = await englishT();

describe("what a request asks for, in a sentence", () => {
  it("says each kind as a manager reads it", () => {
    const titles = [
      item({ kind: "claim" }),
      item({ kind: "cover" }),
      item({ kind: "cover", to_user: ANA }),
      item({ kind: "cover", taker: ANA }),
      item({ kind: "swap", to_user: ANA }),
      item({ kind: "availability", availability: { type: "weekly", effective_from: "2026-03-02", windows: [] } }),
      item({ kind: "availability", availability: { type: "exception", date: "2026-03-02", kind: "unavailable" } }),
      item({
        kind: "correction",
        correction: {
          entry_id: null,
          job_id: null,
          clock_in_at: "2026-03-02T14:00:00Z",
          clock_out_at: "2026-03-02T22:00:00Z",
          breaks: [],
        },
      }),
    ].map((request) => plain(requestTitle(request, t)));
    expect(titles).toEqual([
      "Sam Lee asks to take an open shift",
      "Sam Lee offers their shift to the team",
      "Sam Lee offers their shift to Ana Ruiz",
      "Sam Lee gives their shift to Ana Ruiz",
      "Sam Lee asks to swap shifts with Ana Ruiz",
      "Sam Lee sets a new weekly availability",
      "Sam Lee changes their availability for one day",
      "Sam Lee reports a missed clock-in",
    ]);
  });

  it("keeps a name isolated, so a sentence of the other direction keeps its order", () => {
    expect(requestTitle(item(), t)).toContain("\u2068Sam Lee\u2069");
  });
});

describe("a shift's day and times", () => {
  it("reads them in the board's zone, whatever the reader's", () => {
    const when = shiftWhen(shift({ time_zone: "Asia/Beirut" }), "en-GB");
    expect(when).toEqual({ day: "Mon 2 Mar", start: "16:00", end: "0:00", plusDays: 1 });
    expect(plain(timesText(when, t))).toBe("16:00–0:00 (+1 day)");
  });

  it("keeps an ordinary day's times plain", () => {
    const when = shiftWhen(shift(), "en-GB");
    expect(plain(timesText(when, t))).toBe("9:00–17:00");
  });
});

describe("an availability change, line by line", () => {
  it("lists a weekly pattern's windows from Monday, with its first day", () => {
    const view = availabilityLines(
      {
        type: "weekly",
        effective_from: "2026-03-02",
        windows: [
          { weekday: 0, kind: "unavailable" },
          { weekday: 1, kind: "prefer", start: "13:00", end: "24:00" },
          { weekday: 1, kind: "unavailable", start: "08:00", end: "12:00" },
        ],
      },
      "en-GB",
      t,
    );
    expect(plain(view.heading)).toBe("From 2 Mar 2026");
    expect(view.lines.map((line) => [line.label, plain(line.text)])).toEqual([
      ["Monday", "Unavailable 8:00–12:00"],
      ["Monday", "Prefers to work 13:00–end of day"],
      ["Sunday", "Unavailable all day"],
    ]);
  });

  it("says an empty pattern means always available, and a date's exception by its day", () => {
    expect(
      availabilityLines({ type: "weekly", effective_from: "2026-03-02", windows: [] }, "en-US", t).lines[0]?.text,
    ).toBe("Always available (no unavailable or preferred times)");
    const exception = availabilityLines(
      { type: "exception", date: "2026-03-05", kind: "available", start: "10:00", end: "14:00" },
      "en-US",
      t,
    );
    expect(plain(exception.heading)).toBe("On Thu, Mar 5");
    expect(plain(exception.lines[0]?.text ?? "")).toBe("Available 10:00 AM–2:00 PM after all");
  });

  it("writes wall-clock times as the language does, the day's end in words", () => {
    expect(wallTime("09:30", "en-US", t)).toMatch(/^9:30\sAM$/);
    expect(wallTime("24:00", "en-US", t)).toBe("end of day");
  });
});
