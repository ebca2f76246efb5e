import type { TimeOffCalendarResponse } from "@workshift/contracts";

export const VACATION = "00000000-0000-4000-8000-00000000000a";
export const SICK = "00000000-0000-4000-8000-00000000000b";
export const BAR = "00000000-0000-4000-8000-0000000000b1";
export const KITCHEN = "00000000-0000-4000-8000-0000000000c1";
export const SAM = "10000000-0000-4000-8000-000000000001";
export const ANA = "10000000-0000-4000-8000-000000000002";
export const ZOE = "10000000-0000-4000-8000-000000000003";
export const R1 = "20000000-0000-4000-8000-000000000001";
export const R2 = "20000000-0000-4000-8000-000000000002";
export const R3 = "20000000-0000-4000-8000-000000000003";

type Day = TimeOffCalendarResponse["days"][number];

export function leaveDay(overrides: Partial<Day> = {}): Day {
  return {
    request_id: R1,
    user_id: SAM,
    leave_type_id: VACATION,
    status: "approved",
    day: "2026-03-02",
    minutes: 480,
    part: null,
    ...overrides,
  };
}

/** A calendar answer: three people, two types, two jobs (the bar limited to 1 off a day). */
export function calendarAnswer(overrides: Partial<TimeOffCalendarResponse> = {}): TimeOffCalendarResponse {
  return {
    from: "2026-02-23",
    to: "2026-04-05",
    people: [
      { user_id: SAM, first_name: "Sam", last_name: "Lee", color: null, job_ids: [BAR] },
      { user_id: ANA, first_name: "Ana", last_name: "Ruiz", color: null, job_ids: [BAR] },
      { user_id: ZOE, first_name: "Zoe", last_name: "Adams", color: null, job_ids: [KITCHEN] },
    ],
    leave_types: [
      { id: VACATION, name: "Vacation", color: "#2f9e44", paid: true, archived: false },
      { id: SICK, name: "Sick", color: "#e8590c", paid: true, archived: false },
    ],
    jobs: [
      { id: BAR, name: "Bartender", color: "#1c7ed6", people: 5, limit: 1 },
      { id: KITCHEN, name: "Cook", color: "#f08c00", people: 3, limit: null },
    ],
    days: [],
    counts: [],
    holidays: [],
    blocks: [],
    time_zone: "Europe/Paris",
    week_start: 1,
    ...overrides,
  };
}
