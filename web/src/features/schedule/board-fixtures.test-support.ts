import type {
  DayAvailability,
  NearbyShift,
  ScheduleJob,
  SchedulePerson,
  Shift,
  ShiftRequestMark,
  WeekResponse,
} from "@workshift/contracts";

/**
 * A small board for the week grid's tests: a Paris board whose week holds
 * the 2026 spring clock change (Sunday 29 March: 02:00 → 03:00).
 */
export const BOARD = "00000000-0000-4000-8000-00000000bb01";
export const OTHER_BOARD = "00000000-0000-4000-8000-00000000bb02";
export const COOK = "00000000-0000-4000-8000-00000000cc01";
export const BAR = "00000000-0000-4000-8000-00000000cc02";
export const OLD = "00000000-0000-4000-8000-00000000cc03";
export const ZOE = "00000000-0000-4000-8000-00000000aa01";
export const ADAM = "00000000-0000-4000-8000-00000000aa02";
export const ELODIE = "00000000-0000-4000-8000-00000000aa03";
export const NOJOB = "00000000-0000-4000-8000-00000000aa04";
export const GONE = "00000000-0000-4000-8000-00000000aa05";

export const ZONE = "Europe/Paris";

/** The week's days: midnight to midnight in Paris (the Sunday lasts 23 hours). */
export const DAYS = [
  { date: "2026-03-23", startsAt: "2026-03-22T23:00:00.000Z", endsAt: "2026-03-23T23:00:00.000Z" },
  { date: "2026-03-24", startsAt: "2026-03-23T23:00:00.000Z", endsAt: "2026-03-24T23:00:00.000Z" },
  { date: "2026-03-25", startsAt: "2026-03-24T23:00:00.000Z", endsAt: "2026-03-25T23:00:00.000Z" },
  { date: "2026-03-26", startsAt: "2026-03-25T23:00:00.000Z", endsAt: "2026-03-26T23:00:00.000Z" },
  { date: "2026-03-27", startsAt: "2026-03-26T23:00:00.000Z", endsAt: "2026-03-27T23:00:00.000Z" },
  { date: "2026-03-28", startsAt: "2026-03-27T23:00:00.000Z", endsAt: "2026-03-28T23:00:00.000Z" },
  { date: "2026-03-29", startsAt: "2026-03-28T23:00:00.000Z", endsAt: "2026-03-29T22:00:00.000Z" },
];

export function person(
  user_id: string,
  first_name: string | null,
  last_name: string | null,
  job_ids: string[],
  extra: Partial<SchedulePerson> = {},
): SchedulePerson {
  return { user_id, first_name, last_name, status: "active", hourly_rate: null, job_ids, board_ids: [BOARD], ...extra };
}

export function job(id: string, name: string, extra: Partial<ScheduleJob> = {}): ScheduleJob {
  return { id, name, color: "#1c7ed6", hourly_rate: null, is_archived: false, ...extra };
}

let counter = 0;
export function shift(extra: Partial<Shift> = {}): Shift {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    board_id: BOARD,
    user_id: ZOE,
    job_id: COOK,
    starts_at: "2026-03-24T08:00:00.000Z",
    ends_at: "2026-03-24T16:00:00.000Z",
    break_minutes: 30,
    note: null,
    status: "draft",
    // Published once unless a draft (a published shift's `published` is null: it is what was told).
    published_at: extra.status && extra.status !== "draft" ? "2026-03-19T10:00:00.000Z" : null,
    published: null,
    version: 1,
    updated_at: "2026-03-20T10:00:00.000Z",
    ...extra,
  };
}

export function nearby(extra: Partial<NearbyShift> = {}): NearbyShift {
  const { id, board_id, user_id, starts_at, ends_at, break_minutes } = shift({ board_id: OTHER_BOARD, ...extra });
  return { id, board_id, user_id, starts_at, ends_at, break_minutes, time_zone: extra.time_zone ?? ZONE };
}

/** A person's availability on a day of the week (Zoé unavailable all Tuesday unless told). */
export function availability(extra: Partial<DayAvailability> = {}): DayAvailability {
  return { user_id: ZOE, date: "2026-03-24", kind: "unavailable", start: null, end: null, note: null, ...extra };
}

let requestCounter = 0;
/** A waiting request on a shift (a cover offered to teammates unless told). */
export function requestMark(shiftId: string, extra: Partial<ShiftRequestMark> = {}): ShiftRequestMark {
  requestCounter += 1;
  return {
    shift_id: shiftId,
    request_id: `00000000-0000-4000-8000-ee${String(requestCounter).padStart(10, "0")}`,
    kind: "cover",
    status: "offered",
    ...extra,
  };
}

export function week(extra: Partial<WeekResponse> = {}): WeekResponse {
  return {
    boards: [
      {
        id: BOARD,
        name: "Front desk",
        time_zone: ZONE,
        week_start: 1,
        rules: { min_rest_minutes: 600, daily_limit_minutes: 480, weekly_limit_minutes: 2400 },
      },
    ],
    time_zone: ZONE,
    week_start: 1,
    start_date: "2026-03-23",
    end_date: "2026-03-29",
    starts_at: "2026-03-22T23:00:00.000Z",
    ends_at: "2026-03-29T22:00:00.000Z",
    people: [
      person(ZOE, "Zoé", "Martin", [COOK]),
      person(ADAM, "Adam", "Haddad", [COOK, BAR]),
      person(ELODIE, "Élodie", "Durand", [BAR], { status: "invited" }),
      person(NOJOB, "Nour", null, []),
      person(GONE, "Gil", "Old", [COOK], { status: "archived" }),
    ],
    jobs: [job(COOK, "Cook"), job(BAR, "Bar", { color: "#e8590c" }), job(OLD, "Old job", { is_archived: true })],
    shifts: [],
    nearby_shifts: [],
    can_manage: true,
    currency: "EUR",
    ...extra,
  };
}
