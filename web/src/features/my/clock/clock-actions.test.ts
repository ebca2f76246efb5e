import type { ClockStatus, TimeEntry } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { actionsFor, nextState, projectClock } from "./clock-actions.ts";

const entry = (clockInAt: string, breaks: TimeEntry["breaks"] = []) =>
  ({ clock_in_at: clockInAt, clock_out_at: null, breaks }) as TimeEntry;
const out: Pick<ClockStatus, "state" | "entry"> = { state: "out", entry: null };

describe("actionsFor", () => {
  it("offers what fits each state, the main action first", () => {
    expect(actionsFor("out")).toEqual(["clock_in"]);
    expect(actionsFor("in")).toEqual(["break_start", "clock_out"]);
    expect(actionsFor("break")).toEqual(["break_end", "clock_out"]);
  });
});

describe("nextState", () => {
  it("follows the punches", () => {
    expect(nextState("out", "clock_in")).toBe("in");
    expect(nextState("in", "break_start")).toBe("break");
    expect(nextState("break", "break_end")).toBe("in");
    expect(nextState("in", "clock_out")).toBe("out");
    expect(nextState("break", "clock_out")).toBe("out");
  });

  it("says when a punch does not fit", () => {
    expect(nextState("out", "clock_out")).toBeNull();
    expect(nextState("out", "break_start")).toBeNull();
    expect(nextState("in", "clock_in")).toBeNull();
    expect(nextState("in", "break_end")).toBeNull();
    expect(nextState("break", "break_start")).toBeNull();
  });
});

describe("projectClock", () => {
  it("is the status when nothing waits", () => {
    expect(projectClock(out, [])).toEqual({ state: "out", open: null, since: null, spans: [] });
    const status = { state: "in" as const, entry: entry("2026-06-08T09:00:00.000Z") };
    expect(projectClock(status, [])).toMatchObject({ state: "in", since: "2026-06-08T09:00:00.000Z" });
  });

  it("shows waiting punches at once: clocked in, then on a break since it started", () => {
    const waiting = [
      { kind: "clock_in" as const, at: "2026-06-08T09:00:00.000Z" },
      { kind: "break_start" as const, at: "2026-06-08T12:00:00.000Z" },
    ];
    const view = projectClock(out, waiting);
    expect(view.state).toBe("break");
    expect(view.since).toBe("2026-06-08T12:00:00.000Z");
    expect(view.open).toEqual({
      clock_in_at: "2026-06-08T09:00:00.000Z",
      clock_out_at: null,
      breaks: [{ starts_at: "2026-06-08T12:00:00.000Z", ends_at: null }],
    });
  });

  it("closes a break and the entry on clock-out, keeping the span for the hours", () => {
    const status = {
      state: "break" as const,
      entry: entry("2026-06-08T09:00:00.000Z", [{ starts_at: "2026-06-08T12:00:00.000Z", ends_at: null }]),
    };
    const view = projectClock(status, [{ kind: "clock_out", at: "2026-06-08T12:30:00.000Z" }]);
    expect(view.state).toBe("out");
    expect(view.open).toBeNull();
    expect(view.spans).toEqual([
      {
        clock_in_at: "2026-06-08T09:00:00.000Z",
        clock_out_at: "2026-06-08T12:30:00.000Z",
        breaks: [{ starts_at: "2026-06-08T12:00:00.000Z", ends_at: "2026-06-08T12:30:00.000Z" }],
      },
    ]);
    // The status itself is left as it was.
    expect(status.entry.breaks[0]?.ends_at).toBeNull();
  });

  it("skips a punch the status already holds (a refetch saw it before its answer came)", () => {
    const status = { state: "in" as const, entry: entry("2026-06-08T09:00:00.000Z") };
    const view = projectClock(status, [{ kind: "clock_in", at: "2026-06-08T09:00:00.000Z" }]);
    expect(view).toMatchObject({ state: "in", since: "2026-06-08T09:00:00.000Z" });
    expect(view.spans).toHaveLength(1);
  });

  it("follows a whole day made offline", () => {
    const view = projectClock(out, [
      { kind: "clock_in", at: "2026-06-08T09:00:00.000Z" },
      { kind: "clock_out", at: "2026-06-08T13:00:00.000Z" },
      { kind: "clock_in", at: "2026-06-08T14:00:00.000Z" },
    ]);
    expect(view).toMatchObject({ state: "in", since: "2026-06-08T14:00:00.000Z" });
    expect(view.spans.map((span) => [span.clock_in_at, span.clock_out_at])).toEqual([
      ["2026-06-08T09:00:00.000Z", "2026-06-08T13:00:00.000Z"],
      ["2026-06-08T14:00:00.000Z", null],
    ]);
  });
});
