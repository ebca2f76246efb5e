import type { Attention } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { boardStateFromParams } from "../../lib/board-url.ts";
import {
  attentionView,
  boardWeekPath,
  isolate,
  liveViewPath,
  timesheetsPath,
  todaySchedulePath,
} from "./overview-links.ts";

const BOARD = "00000000-0000-4000-8000-0000000000b1";
const PERSON = "00000000-0000-4000-8000-0000000000a1";

const format = {
  day: (date: string) => `day(${date})`,
  period: (start: string, end: string) => `period(${start}..${end})`,
};

const searchOf = (path: string) => new URLSearchParams(path.split("?")[1] ?? "");

describe("where the overview's figures lead", () => {
  it("opens every schedule's live time clock for the counts", () => {
    expect(liveViewPath()).toBe("/admin/time-clock/all");
  });

  it("opens the timesheets of a period, and one person's", () => {
    expect(timesheetsPath("2026-03-02")).toBe("/admin/time-clock/all?view=timesheets&date=2026-03-02");
    expect(timesheetsPath(null, PERSON)).toBe(`/admin/time-clock/all?view=timesheets&person=${PERSON}`);
  });

  it("opens today on every schedule as a day, as the board reads its address", () => {
    const path = todaySchedulePath("2026-03-04");
    expect(path.split("?")[0]).toBe("/admin/jobs-scheduling-dashboard/all");
    expect(boardStateFromParams(searchOf(path))).toMatchObject({ date: "2026-03-04", view: "day" });
  });

  it("opens a board at the week shown, in the week view", () => {
    const path = boardWeekPath(BOARD, "2026-03-02");
    expect(path).toBe(`/admin/jobs-scheduling-dashboard/${BOARD}?date=2026-03-02`);
    expect(boardStateFromParams(searchOf(path))).toMatchObject({ date: "2026-03-02", view: "week" });
    expect(boardWeekPath(BOARD, null)).toBe(`/admin/jobs-scheduling-dashboard/${BOARD}`);
  });
});

describe("an attention item", () => {
  it("isolates a typed name from the sentence's direction", () => {
    expect(isolate("Hamra")).toBe("\u2068Hamra\u2069");
  });

  const unpublished = (count: number, weekCount: number): Extract<Attention, { kind: "unpublished" }> => ({
    kind: "unpublished",
    board_id: BOARD,
    board_name: "Kitchen",
    count,
    week_start: "2026-03-09",
    week_end: "2026-03-15",
    week_count: weekCount,
  });

  it("unpublished changes name the board and their week, and open the board at that week, not today's", () => {
    const view = attentionView(unpublished(3, 3), format);
    expect(view).toEqual({
      key: `unpublished-${BOARD}`,
      icon: "unpublished",
      text: {
        key: "attention.unpublished",
        values: { count: 3, board: "\u2068Kitchen\u2069", week: "period(2026-03-09..2026-03-15)" },
      },
      action: {
        key: "attention.unpublishedAction",
        to: `/admin/jobs-scheduling-dashboard/${BOARD}?date=2026-03-09`,
      },
    });
    expect(boardStateFromParams(searchOf(view.action.to))).toMatchObject({ date: "2026-03-09", view: "week" });
  });

  it("unpublished changes over several weeks say how many wait in the first, which the action opens", () => {
    const view = attentionView(unpublished(5, 2), format);
    expect(view.text).toEqual({
      key: "attention.unpublishedWeeks",
      values: { count: 5, board: "\u2068Kitchen\u2069", week: "period(2026-03-09..2026-03-15)", weekCount: 2 },
    });
    expect(view.action.to).toBe(`/admin/jobs-scheduling-dashboard/${BOARD}?date=2026-03-09`);
  });

  it("refused punches say how many and open the live view, where they are listed", () => {
    const view = attentionView({ kind: "refused", count: 3 }, format);
    expect(view.text).toEqual({ key: "attention.refused", values: { count: 3 } });
    expect(view.action).toEqual({ key: "attention.refusedAction", to: "/admin/time-clock/all" });
  });

  it("flagged entries say from when and open the timesheets of that day's period", () => {
    const view = attentionView({ kind: "flagged", count: 2, date: "2026-02-27" }, format);
    expect(view.text).toEqual({ key: "attention.flagged", values: { count: 2, day: "day(2026-02-27)" } });
    expect(view.action).toEqual({
      key: "attention.flaggedAction",
      to: "/admin/time-clock/all?view=timesheets&date=2026-02-27",
    });
  });

  it("timesheets to approve name the period and open it", () => {
    const view = attentionView(
      { kind: "approvals", count: 5, period_start: "2026-02-16", period_end: "2026-03-01" },
      format,
    );
    expect(view.key).toBe("approvals-2026-02-16");
    expect(view.text).toEqual({
      key: "attention.approvals",
      values: { count: 5, period: "period(2026-02-16..2026-03-01)" },
    });
    expect(view.action.to).toBe("/admin/time-clock/all?view=timesheets&date=2026-02-16");
  });

  it("gives each item of a list its own key", () => {
    const items: Attention[] = [
      unpublished(1, 1),
      { ...unpublished(1, 1), board_id: PERSON, board_name: "Bar" },
      { kind: "flagged", count: 1, date: "2026-03-01" },
      { kind: "approvals", count: 1, period_start: "2026-02-16", period_end: "2026-03-01" },
    ];
    const keys = items.map((item) => attentionView(item, format).key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
