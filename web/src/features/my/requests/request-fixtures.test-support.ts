import type { Request, RequestPerson, RequestShift } from "@workshift/contracts";

/** Requests and shifts as GET /api/my/requests answers them, for the tests of /my. */
let counter = 0;
export const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
};

export const person = (first: string, last = ""): RequestPerson => ({
  user_id: uuid(),
  first_name: first,
  last_name: last,
});

export const shiftAt = (startsAt: string, values: Partial<RequestShift> = {}): RequestShift => ({
  id: uuid(),
  board: { id: uuid(), name: "Main" },
  job: null,
  user_id: null,
  starts_at: startsAt,
  ends_at: new Date(Date.parse(startsAt) + 8 * 3_600_000).toISOString(),
  break_minutes: 30,
  time_zone: "Europe/Paris",
  gone: false,
  ...values,
});

export function request(values: Partial<Request>): Request {
  return {
    id: uuid(),
    kind: "cover",
    status: "offered",
    author: person("Ana", "Lopez"),
    shift: null,
    other_shift: null,
    to_user: null,
    taker: null,
    availability: null,
    correction: null,
    time_off: null,
    note: null,
    board_id: null,
    date: "2026-06-15",
    decision: null,
    refusal_reason: null,
    closed_code: null,
    created_at: "2026-06-01T10:00:00.000Z",
    updated_at: "2026-06-01T10:00:00.000Z",
    version: 1,
    ...values,
  };
}
