import { describe, expect, it } from "vitest";
import { type Shift, shiftStatuses, type WeekResponse } from "./schedule.ts";
import { decodeWeek, encodeWeek, packIds, unpackIds, weekWireShiftStatuses } from "./week-codec.ts";
import { weekWireSchema } from "./week-wire.ts";

const BOARD = "0b0a7d5e-1c2f-4a3b-9c8d-7e6f5a4b3c2d";
const OTHER_BOARD = "1b0a7d5e-1c2f-4a3b-9c8d-7e6f5a4b3c2d";
const AMAL = "8f7e6d5c-4b3a-8291-a0b1-c2d3e4f5a6b7";
const BILAL = "9f7e6d5c-4b3a-8291-a0b1-c2d3e4f5a6b7";
const GONE = "af7e6d5c-4b3a-8291-a0b1-c2d3e4f5a6b7";
const KITCHEN = "2c1b0a9f-8e7d-4c6b-8a59-483726150f1e";
const BAR = "3c1b0a9f-8e7d-4c6b-8a59-483726150f1e";
const RETIRED = "4c1b0a9f-8e7d-4c6b-8a59-483726150f1e";

const shift = (n: number, extra: Partial<Shift>): Shift => ({
  id: `5a4b3c2d-1e0f-4a9b-8c7d-${String(n).padStart(12, "0")}`,
  board_id: BOARD,
  user_id: AMAL,
  job_id: KITCHEN,
  starts_at: "2026-06-08T07:00:00.000Z",
  ends_at: "2026-06-08T15:30:00.000Z",
  break_minutes: 30,
  note: null,
  status: "draft",
  published_at: null,
  published: null,
  version: 1,
  updated_at: "2026-06-01T09:12:33.457Z",
  ...extra,
});

const week: WeekResponse = {
  boards: [
    {
      id: BOARD,
      name: "Downtown",
      time_zone: "Europe/Paris",
      week_start: 1,
      rules: { min_rest_minutes: 600, daily_limit_minutes: 480, weekly_limit_minutes: 2400 },
    },
  ],
  time_zone: "Europe/Paris",
  week_start: 1,
  start_date: "2026-06-08",
  end_date: "2026-06-14",
  starts_at: "2026-06-07T22:00:00.000Z",
  ends_at: "2026-06-14T22:00:00.000Z",
  people: [
    {
      user_id: AMAL,
      first_name: "Amal",
      last_name: null,
      status: "active",
      hourly_rate: 20.5,
      job_ids: [KITCHEN, BAR],
      board_ids: [BOARD],
    },
    {
      user_id: BILAL,
      first_name: null,
      last_name: "Bitar",
      status: "archived",
      hourly_rate: null,
      job_ids: [],
      board_ids: [],
    },
  ],
  jobs: [{ id: KITCHEN, name: "Kitchen", color: "#ff0000", hourly_rate: 15, is_archived: false }],
  shifts: [
    shift(1, {}),
    shift(2, {
      status: "published",
      user_id: null,
      job_id: null,
      note: "Bring keys",
      published_at: "2026-06-02T10:00:00.000Z",
      version: 3,
    }),
    shift(3, {
      status: "changed",
      starts_at: "2026-06-08T07:00:30.250Z",
      ends_at: "2026-06-07T21:59:00.000Z",
      published_at: "2026-06-02T10:00:00.001Z",
      published: {
        user_id: GONE,
        job_id: RETIRED,
        starts_at: "2026-06-06T07:00:00.000Z",
        ends_at: "2026-06-06T15:00:00.000Z",
        break_minutes: 0,
        note: "old note",
        published_at: "2026-06-02T10:00:00.001Z",
      },
    }),
    shift(4, {
      status: "deleted",
      board_id: BOARD,
      user_id: BILAL,
      job_id: BAR,
      published_at: "2025-12-31T23:59:59.999Z",
      published: {
        user_id: null,
        job_id: null,
        starts_at: "2026-06-08T07:00:00.000Z",
        ends_at: "2026-06-08T15:30:00.000Z",
        break_minutes: 30,
        note: null,
        published_at: "2025-12-31T23:59:59.999Z",
      },
    }),
  ],
  nearby_shifts: [
    {
      id: "6a4b3c2d-1e0f-4a9b-8c7d-000000000001",
      board_id: OTHER_BOARD,
      time_zone: "America/New_York",
      user_id: AMAL,
      starts_at: "2026-06-06T20:00:00.000Z",
      ends_at: "2026-06-07T04:00:00.000Z",
      break_minutes: 0,
    },
    {
      id: "6a4b3c2d-1e0f-4a9b-8c7d-000000000002",
      board_id: BOARD,
      time_zone: "Europe/Paris",
      user_id: BILAL,
      starts_at: "2026-06-15T06:00:00.000Z",
      ends_at: "2026-06-15T14:00:00.000Z",
      break_minutes: 15,
    },
  ],
  can_manage: true,
  currency: "EUR",
  requests: [{ shift_id: shift(2, {}).id, request_id: KITCHEN, kind: "claim", status: "pending" }],
  availability: [],
};

describe("the week on the wire", () => {
  it("decodes to exactly the week encoded, whatever each shift's status, with nobody, no job and people or jobs not listed", () => {
    const wire = encodeWeek(week);
    expect(weekWireSchema.parse(wire)).toEqual(wire);
    const travelled = JSON.parse(JSON.stringify(wire));
    expect(decodeWeek(travelled)).toEqual(week);
    expect(new Set(week.shifts.map((each) => each.status))).toEqual(new Set(shiftStatuses));
  });

  it("names people, jobs and boards by their place, and lists those a shift names who are not on the board", () => {
    const wire = encodeWeek(week);
    expect(wire.shifts.person).toEqual([0, -1, 0, 1]);
    expect(wire.shifts.job).toEqual([0, -1, 0, 1]);
    expect(wire.more_jobs).toEqual([BAR, RETIRED]);
    expect(unpackIds(wire.more_people)).toEqual([GONE]);
    expect(wire.people.jobs).toEqual([[0, 1], []]);
    expect(wire.nearby_shifts.boards).toEqual([
      { id: OTHER_BOARD, time_zone: "America/New_York" },
      { id: BOARD, time_zone: "Europe/Paris" },
    ]);
  });

  it("writes instants as minutes from the week's start, keeping any second or millisecond", () => {
    const wire = encodeWeek(week);
    expect(wire.shifts.start.slice(0, 3)).toEqual([540, 540, 540 + 30.25 / 60]);
    expect(wire.shifts.end[2]).toBe(-1);
    expect(wire.shifts.published.shift).toEqual([2, 3]);
  });

  it("keeps the decoded objects the same when the week has nothing in it", () => {
    const empty: WeekResponse = { ...week, people: [], jobs: [], shifts: [], nearby_shifts: [] };
    expect(decodeWeek(JSON.parse(JSON.stringify(encodeWeek(empty))))).toEqual(empty);
  });

  it("packs ids without dashes and gives them back as they were", () => {
    const ids = [AMAL, BOARD];
    expect(packIds(ids)).toHaveLength(64);
    expect(unpackIds(packIds(ids))).toEqual(ids);
    expect(weekWireShiftStatuses).toEqual(shiftStatuses);
  });
});
