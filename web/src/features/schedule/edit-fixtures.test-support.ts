import type { Shift, WeekResponse } from "@workshift/contracts";

/** A Paris board's week around the 2026 spring change (Sunday 29 March), for the editor's and actions' tests. */
export const BOARD = "00000000-0000-4000-8000-0000000000b1";
export const OTHER_BOARD = "00000000-0000-4000-8000-0000000000b2";
export const ANA = "00000000-0000-4000-8000-00000000a001";
export const BEN = "00000000-0000-4000-8000-00000000a002";
export const INVITED = "00000000-0000-4000-8000-00000000a003";
export const GONE = "00000000-0000-4000-8000-00000000a004";
export const COOK = "00000000-0000-4000-8000-0000000000c1";
export const BAR = "00000000-0000-4000-8000-0000000000c2";
export const OLD_JOB = "00000000-0000-4000-8000-0000000000c3";

const rules = { min_rest_minutes: 600, daily_limit_minutes: 480, weekly_limit_minutes: 2400 };

export function week(overrides: Partial<WeekResponse> = {}): WeekResponse {
  return {
    boards: [{ id: BOARD, name: "Front desk", time_zone: "Europe/Paris", week_start: 1, rules }],
    time_zone: "Europe/Paris",
    week_start: 1,
    start_date: "2026-03-23",
    end_date: "2026-03-29",
    starts_at: "2026-03-22T23:00:00.000Z",
    ends_at: "2026-03-29T22:00:00.000Z",
    people: [
      person(ANA, "Ana", "Haddad", [COOK]),
      person(BEN, "Ben", "Martin", [COOK, BAR]),
      { ...person(INVITED, "Ines", null, [BAR]), status: "invited" },
      { ...person(GONE, "Gil", "Old", []), status: "archived" },
    ],
    jobs: [
      { id: COOK, name: "Cook", color: "#e8590c", hourly_rate: 15, is_archived: false },
      { id: BAR, name: "Bar", color: "#1971c2", hourly_rate: null, is_archived: false },
      { id: OLD_JOB, name: "Old job", color: "#868e96", hourly_rate: null, is_archived: true },
    ],
    shifts: [],
    nearby_shifts: [],
    can_manage: true,
    currency: "EUR",
    ...overrides,
  };
}

function person(user_id: string, first_name: string | null, last_name: string | null, job_ids: string[]) {
  return {
    user_id,
    first_name,
    last_name,
    status: "active" as const,
    hourly_rate: null,
    job_ids,
    board_ids: [BOARD],
  };
}

let next = 1;
export function shift(overrides: Partial<Shift> = {}): Shift {
  const id = `00000000-0000-4000-8000-${String(next++).padStart(12, "0")}`;
  return {
    id,
    board_id: BOARD,
    user_id: ANA,
    job_id: COOK,
    // Tuesday 24 March 2026, 09:00–17:00 in Paris (UTC+1 before the change).
    starts_at: "2026-03-24T08:00:00.000Z",
    ends_at: "2026-03-24T16:00:00.000Z",
    break_minutes: 30,
    note: null,
    status: "draft",
    // Published once unless a draft (a published shift's `published` is null: it is what was told).
    published_at: overrides.status && overrides.status !== "draft" ? "2026-03-19T10:00:00.000Z" : null,
    published: null,
    version: 1,
    updated_at: "2026-03-20T10:00:00.000Z",
    ...overrides,
  };
}
