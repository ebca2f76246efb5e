import type { CopyResult, Shift, ShiftCheckResponse, ShiftWarning } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../test/auth.ts";
import { personJobs } from "../../test/board-fixtures.ts";
import { availabilityIn } from "../../test/request-rows.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, personIn, shiftIn, shiftRows } from "../../test/shift-fixtures.ts";
import { weekFrom } from "../../test/week.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Json = Record<string, unknown>;
const call = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
const unavailable = (warnings: ShiftWarning[]) => warnings.filter((warning) => warning.kind === "unavailable");

/**
 * An owner with a Paris board and a Tokyo board, and Amal, who said she
 * cannot work Monday mornings (09:00–13:00, "Classes"), nor at all on
 * Wednesday 2026-06-10 ("Dentist"), but can on Monday 2026-06-15 after all.
 */
async function setup() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { name: "Paris", zone: "Europe/Paris", weekStart: 1 });
  const tokyo = await boardIn(org, { name: "Tokyo", zone: "Asia/Tokyo", weekStart: 1 });
  const kitchen = await jobIn(org, { name: "Kitchen" });
  const amal = await personIn(org, { firstName: "Amal" });
  await personJobs(org, amal.id, [kitchen]);
  await availabilityIn(org, amal.id, {
    kind: "unavailable",
    weekday: 1,
    from: "2026-01-05",
    start: "09:00",
    end: "13:00",
    note: "Classes",
  });
  await availabilityIn(org, amal.id, { kind: "unavailable", date: "2026-06-10", note: "Dentist" });
  await availabilityIn(org, amal.id, { kind: "available", date: "2026-06-15" });
  const shift = (json: Json) => ({ board_id: board, user_id: amal.id, job_id: kitchen, ...json });
  return { owner, org, board, tokyo, kitchen, amal: amal.id, shift };
}

describe("scheduling someone into their unavailability", () => {
  it("warns on create, with the day and what they said, and saves all the same", async () => {
    const { owner, amal, shift } = await setup();
    // Monday 10:00–14:00 in Paris.
    const response = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts",
      shift({ starts_at: "2026-06-08T10:00:00+02:00", ends_at: "2026-06-08T14:00:00+02:00" }),
    );
    expect(response.status).toBe(201);
    const { shifts, warnings } = response.json<{ shifts: Shift[]; warnings: ShiftWarning[] }>();
    expect(unavailable(warnings)).toEqual([
      {
        kind: "unavailable",
        shift_id: shifts[0]?.id,
        user_id: amal,
        minutes: 0,
        limit_minutes: 0,
        other_shift_id: null,
        date: "2026-06-08",
        note: "Classes",
      },
    ]);

    // From 13:00 it only touches the window's end: no such warning (the check names the overlap instead).
    const touching = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts/check",
      shift({ starts_at: "2026-06-08T13:00:00+02:00", ends_at: "2026-06-08T17:00:00+02:00" }),
    );
    expect(touching.status).toBe(200);
    expect(touching.json<ShiftCheckResponse>().overlap?.id).toBe(shifts[0]?.id);
    expect(unavailable(touching.json<ShiftCheckResponse>().warnings)).toEqual([]);
  });

  it("warns each repeated shift that meets it; the exception of a day replaces the week's pattern", async () => {
    const { owner, shift } = await setup();
    const response = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts",
      shift({
        starts_at: "2026-06-08T08:00:00+02:00",
        ends_at: "2026-06-08T10:00:00+02:00",
        repeat: { weekdays: [1], until: "2026-06-22" },
      }),
    );
    expect(response.status).toBe(201);
    const { shifts, warnings } = response.json<{ shifts: Shift[]; warnings: ShiftWarning[] }>();
    expect(shifts).toHaveLength(3);
    // The 8th and the 22nd warn; the 15th she said she can.
    expect(unavailable(warnings).map((warning) => [warning.shift_id, warning.date])).toEqual([
      [shifts[0]?.id, "2026-06-08"],
      [shifts[2]?.id, "2026-06-22"],
    ]);
  });

  it("reads the shift in its board's zone: the same hours on a Tokyo board are its evening", async () => {
    const { owner, tokyo, shift } = await setup();
    // 08:00–12:00Z is Monday 10:00–14:00 in Paris but 17:00–21:00 in Tokyo.
    const checked = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts/check",
      shift({ board_id: tokyo, starts_at: "2026-06-08T08:00:00Z", ends_at: "2026-06-08T12:00:00Z" }),
    );
    expect(checked.status).toBe(200);
    expect(unavailable(checked.json<ShiftCheckResponse>().warnings)).toEqual([]);
  });

  it("warns on a check, an overnight shift meeting the next day's, and an edit moving a shift into it", async () => {
    const { owner, org, board, kitchen, amal, shift } = await setup();
    // Tuesday 22:00 → Wednesday 06:00 meets Wednesday, a day she cannot work at all.
    const checked = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts/check",
      shift({ starts_at: "2026-06-09T22:00:00+02:00", ends_at: "2026-06-10T06:00:00+02:00" }),
    );
    expect(checked.status).toBe(200);
    expect(unavailable(checked.json<ShiftCheckResponse>().warnings)).toEqual([
      expect.objectContaining({ shift_id: null, user_id: amal, date: "2026-06-10", note: "Dentist" }),
    ]);

    const id = await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: "2026-06-09T10:00:00Z",
      ends: "2026-06-09T14:00:00Z",
    });
    const moved = await call(owner.access, "PATCH", `/api/schedule/shifts/${id}`, {
      version: 1,
      starts_at: "2026-06-10T10:00:00Z",
      ends_at: "2026-06-10T14:00:00Z",
    });
    expect(moved.status).toBe(200);
    expect(unavailable(moved.json<{ warnings: ShiftWarning[] }>().warnings)).toEqual([
      expect.objectContaining({ shift_id: id, date: "2026-06-10", note: "Dentist" }),
    ]);

    // An open shift meets nobody's availability.
    const open = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts/check",
      shift({ user_id: null, starts_at: "2026-06-10T10:00:00Z", ends_at: "2026-06-10T14:00:00Z" }),
    );
    expect(open.json<ShiftCheckResponse>().warnings).toEqual([]);
  });

  it("a week copied onto it keeps the shifts and lets the board warn: the copy checks, and the week shades, the window", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    // Monday 2026-06-01 10:00–14:00 Paris, copied onto Monday the 8th.
    await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: "2026-06-01T08:00:00Z",
      ends: "2026-06-01T12:00:00Z",
      published: true,
    });
    const copied = await call(owner.access, "POST", "/api/schedule/copy-week", {
      board_id: board,
      from: "2026-06-01",
      to: "2026-06-08",
    });
    expect(copied.status).toBe(200);
    expect(copied.json<CopyResult>()).toEqual({ created: 1, skipped: 0 });
    const copy = (await shiftRows(org)).find(
      (row) => new Date(row.starts_at).toISOString() === "2026-06-08T08:00:00.000Z",
    );
    expect(copy).toBeDefined();

    const checked = await call(owner.access, "POST", "/api/schedule/shifts/check", {
      id: copy?.id,
      board_id: board,
      user_id: amal,
      job_id: kitchen,
      starts_at: "2026-06-08T08:00:00Z",
      ends_at: "2026-06-08T12:00:00Z",
    });
    expect(unavailable(checked.json<ShiftCheckResponse>().warnings)).toEqual([
      expect.objectContaining({ shift_id: copy?.id, date: "2026-06-08", note: "Classes" }),
    ]);
    const week = weekFrom(await call(owner.access, "GET", `/api/schedule/boards/${board}/week?date=2026-06-08`));
    expect(week.availability).toContainEqual({
      user_id: amal,
      date: "2026-06-08",
      kind: "unavailable",
      start: "09:00",
      end: "13:00",
      note: "Classes",
    });
  });
});
