import type { OverviewBoard } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { barPercent, MIN_BAR_PERCENT, weekChart } from "./week-bars.ts";

const board = (id: string, patch: Partial<OverviewBoard> = {}): OverviewBoard => ({
  id,
  name: `Board ${id}`,
  scheduled_minutes: 0,
  scheduled_cost: null,
  worked_minutes: 0,
  unpublished: 0,
  ...patch,
});

const both = { schedule: true, time_clock: true };

describe("a bar's width", () => {
  it("is the share of the largest figure", () => {
    expect(barPercent(1200, 2400)).toBe(50);
    expect(barPercent(2400, 2400)).toBe(100);
    expect(barPercent(800, 2400)).toBe(33.3);
  });

  it("is nothing for nothing, and never more than the track", () => {
    expect(barPercent(0, 2400)).toBe(0);
    expect(barPercent(-30, 2400)).toBe(0);
    expect(barPercent(30, 0)).toBe(0);
    expect(barPercent(5000, 2400)).toBe(100);
  });

  it("is at least a sliver for a few minutes", () => {
    expect(barPercent(1, 10_000)).toBe(MIN_BAR_PERCENT);
  });
});

describe("the week's chart", () => {
  it("puts every board's scheduled and worked hours on one scale", () => {
    const chart = weekChart({
      can: both,
      boards: [
        board("a", { scheduled_minutes: 2400, worked_minutes: 1800, scheduled_cost: 600 }),
        board("b", { scheduled_minutes: 600, worked_minutes: 1200, scheduled_cost: 150.5 }),
      ],
      worked_off_board_minutes: 0,
    });
    expect(chart.rows.map((row) => [row.scheduled?.percent, row.worked?.percent])).toEqual([
      [100, 75],
      [25, 50],
    ]);
    expect(chart.totals).toEqual({ scheduled: 3000, worked: 3000, cost: 750.5 });
    expect(chart.offBoard).toBeNull();
    expect(chart.empty).toBe(false);
  });

  it("counts time worked on no board in the scale and the worked total", () => {
    const chart = weekChart({
      can: both,
      boards: [board("a", { scheduled_minutes: 600, worked_minutes: 300 })],
      worked_off_board_minutes: 1200,
    });
    expect(chart.offBoard).toEqual({ minutes: 1200, percent: 100 });
    expect(chart.rows[0]?.scheduled?.percent).toBe(50);
    expect(chart.totals.worked).toBe(1500);
  });

  it("shows only the schedule to someone without the time clock", () => {
    const chart = weekChart({
      can: { schedule: true, time_clock: false },
      boards: [board("a", { scheduled_minutes: 600, worked_minutes: null, scheduled_cost: 90 })],
      worked_off_board_minutes: null,
    });
    expect(chart.rows[0]).toMatchObject({ worked: null, scheduled: { minutes: 600, percent: 100 }, cost: 90 });
    expect(chart.totals).toEqual({ scheduled: 600, worked: null, cost: 90 });
    expect(chart.offBoard).toBeNull();
  });

  it("shows only the time clock to someone without the schedule (its zeros are not figures)", () => {
    const chart = weekChart({
      can: { schedule: false, time_clock: true },
      boards: [board("a", { scheduled_minutes: 0, worked_minutes: 480, unpublished: null })],
      worked_off_board_minutes: 0,
    });
    expect(chart.rows[0]).toMatchObject({ scheduled: null, cost: null, worked: { minutes: 480, percent: 100 } });
    expect(chart.totals).toEqual({ scheduled: null, worked: 480, cost: null });
  });

  it("has no cost when no board has a rate, and knows an empty week", () => {
    const chart = weekChart({ can: both, boards: [board("a"), board("b")], worked_off_board_minutes: 0 });
    expect(chart.totals.cost).toBeNull();
    expect(chart.empty).toBe(true);
    expect(chart.rows.every((row) => row.scheduled?.percent === 0 && row.worked?.percent === 0)).toBe(true);
  });
});
