import {
  SCHEDULE_DATE_MAX,
  type Shift,
  type ShiftCheckResponse,
  type ShiftConflictBody,
  type ShiftWarning,
} from "@workshift/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bearer, memberOf, platformAdminIn, signUp } from "../../test/auth.ts";
import { personJobs, setBoardArchived } from "../../test/board-fixtures.ts";
import { databaseKind, testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import {
  auditEntries,
  boardIn,
  jobIn,
  personIn,
  scheduleFootprint,
  setMemberStatus,
  shiftIn,
  shiftRow,
  shiftRows,
} from "../../test/shift-fixtures.ts";
import { weekFrom } from "../../test/week.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { SCHEDULE_CHANNEL } from "./announce.ts";
import { refusingOverlap } from "./shift-checks.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Json = Record<string, unknown>;
interface Refusal {
  code: string;
  error: string;
  fields?: Record<string, string>;
}
const call = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
const create = (token: string, json: Json) => call(token, "POST", "/api/schedule/shifts", json);
const patch = (token: string, id: string, json: Json) => call(token, "PATCH", `/api/schedule/shifts/${id}`, json);
const remove = (token: string, id: string, version?: number) =>
  call(token, "DELETE", `/api/schedule/shifts/${id}${version === undefined ? "" : `?version=${version}`}`);
const bulkDelete = (token: string, ids: string[]) => call(token, "POST", "/api/schedule/shifts/bulk-delete", { ids });
const check = (token: string, json: Json) => call(token, "POST", "/api/schedule/shifts/check", json);
const rules = (token: string, board: string, json: Json) =>
  call(token, "PATCH", `/api/schedule/boards/${board}/rules`, json);

/** The code of each broken rule these tests meet (422), by the field message it carries. */
const ruleCodes: Record<string, string> = {
  "schedule.endBeforeStart": "shift_end_before_start",
  "schedule.shiftTooLong": "shift_too_long",
  "schedule.breakTooLong": "shift_break_too_long",
  "schedule.unknownPerson": "shift_unschedulable",
  "schedule.personArchived": "shift_unschedulable",
  "schedule.unknownJob": "shift_unschedulable",
  "schedule.jobArchived": "shift_unschedulable",
  "schedule.repeatTooMany": "shift_repeat_over_limit",
  "schedule.repeatUntilBeforeDate": "shift_repeat_ends_before_start",
  "schedule.repeatDaysRequired": "shift_repeat_no_days",
  "schedule.publishedBoardMove": "shift_published_board_move",
};

/** The code a refusal of this status and these field messages carries: the schema's, the rule's, or not found. */
function expectedCode(status: number, fields: Record<string, string> | null): string | undefined {
  if (status === 400) return "validation_failed";
  if (status === 404) return "not_found";
  if (status === 422) return ruleCodes[Object.values(fields ?? {})[0] ?? ""];
  return undefined;
}

/** Paris is UTC+2 in June: 09:00 there on Monday 2026-06-08 is 07:00Z. */
const at = (day: string, time: string) => `${day}T${time}:00.000Z`;
const kinds = (warnings: ShiftWarning[]) => warnings.map((warning) => warning.kind);

/** An owner with a Paris board (week starts Monday), a job and a person on it. */
async function setup() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { name: "Downtown", zone: "Europe/Paris", weekStart: 1 });
  const kitchen = await jobIn(org, { name: "Kitchen" });
  const amal = await personIn(org, { firstName: "Amal" });
  await personJobs(org, amal.id, [kitchen]);
  return { owner, org, board, kitchen, amal: amal.id, amalAccount: amal.account };
}

/** Every NOTIFY of this organization on the schedule channel from now on. */
async function announcements(organizationId: string) {
  const { listen } = await testDatabase();
  const heard: { board_ids: string[]; shift_ids: string[]; actor_id: string; kind: string }[] = [];
  const stop = await listen(SCHEDULE_CHANNEL, (payload) => {
    const event = JSON.parse(payload) as { organization_id: string } & (typeof heard)[number];
    if (event.organization_id === organizationId) heard.push(event);
  });
  return { heard, stop };
}

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!condition()) throw new Error(`never happened: ${what}`);
}

describe("creating shifts", () => {
  it("creates a draft shift and tells the boards", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    const { heard, stop } = await announcements(org);
    const response = await create(owner.access, {
      board_id: board,
      user_id: amal,
      job_id: kitchen,
      starts_at: "2026-06-08T09:00:00+02:00",
      ends_at: "2026-06-08T17:00:00+02:00",
      break_minutes: 30,
      note: "  Open up ",
    });
    expect(response.status).toBe(201);
    const { shifts, warnings } = response.json<{ shifts: Shift[]; warnings: ShiftWarning[] }>();
    expect(warnings).toEqual([]);
    expect(shifts).toHaveLength(1);
    expect(shifts[0]).toMatchObject({
      board_id: board,
      user_id: amal,
      job_id: kitchen,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
      break_minutes: 30,
      note: "Open up",
      status: "draft",
      published: null,
      version: 1,
    });
    const row = await shiftRow(org, shifts[0]?.id ?? "");
    expect(row).toMatchObject({ created_by: owner.user.id, updated_by: owner.user.id, published_at: null });
    await until(() => heard.length > 0, "the change was announced");
    expect(heard[0]).toEqual({
      organization_id: org,
      board_ids: [board],
      shift_ids: [shifts[0]?.id],
      actor_id: owner.user.id,
      kind: "changed",
    });
    await stop();
  });

  it("creates an open shift (no person, no job)", async () => {
    const { owner, board } = await setup();
    const response = await create(owner.access, {
      board_id: board,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
    });
    expect(response.status).toBe(201);
    expect(response.json<{ shifts: Shift[] }>().shifts[0]).toMatchObject({ user_id: null, job_id: null, note: null });
  });

  it("repeats on chosen weekdays until a date, keeping the wall clock across the change to summer time", async () => {
    const { owner, org, board, amal } = await setup();
    // Monday 2026-03-23 09:00–17:00 Paris (CET, 08:00Z), on Mondays, Wednesdays and Fridays until Friday 2026-04-03.
    const response = await create(owner.access, {
      board_id: board,
      user_id: amal,
      starts_at: "2026-03-23T09:00:00+01:00",
      ends_at: "2026-03-23T17:00:00+01:00",
      repeat: { weekdays: [1, 3, 5], until: "2026-04-03" },
    });
    expect(response.status).toBe(201);
    const { shifts } = response.json<{ shifts: Shift[] }>();
    expect(shifts.map((shift) => shift.starts_at)).toEqual([
      "2026-03-23T08:00:00.000Z",
      "2026-03-25T08:00:00.000Z",
      "2026-03-27T08:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-04-01T07:00:00.000Z",
      "2026-04-03T07:00:00.000Z",
    ]);
    for (const shift of shifts) expect(Date.parse(shift.ends_at) - Date.parse(shift.starts_at)).toBe(8 * 3_600_000);
    expect(await shiftRows(org)).toHaveLength(6);
  });

  it("creates an overnight shift across the change to summer time with its real 7 hours", async () => {
    const { owner, amal, board } = await setup();
    const response = await create(owner.access, {
      board_id: board,
      user_id: amal,
      starts_at: "2026-03-28T22:00:00+01:00",
      ends_at: "2026-03-29T06:00:00+02:00",
      repeat: { weekdays: [6], until: "2026-04-04" },
    });
    expect(response.status).toBe(201);
    const { shifts } = response.json<{ shifts: Shift[] }>();
    const hours = shifts.map((shift) => (Date.parse(shift.ends_at) - Date.parse(shift.starts_at)) / 3_600_000);
    // The Saturday night of the change lasts 7 hours; the next one 8, still 22:00–06:00.
    expect(hours).toEqual([7, 8]);
    expect(shifts[1]?.starts_at).toBe("2026-04-04T20:00:00.000Z");
  });

  it("refuses a repeat whose wall-clock copy no longer fits in 24 hours across the change to winter time", async () => {
    const { owner, org, board, amal } = await setup();
    // Saturday 2026-10-24 00:00 → Sunday 00:00 Paris is 24 hours; the Sunday copy would last 25.
    const response = await create(owner.access, {
      board_id: board,
      user_id: amal,
      starts_at: "2026-10-24T00:00:00+02:00",
      ends_at: "2026-10-25T00:00:00+02:00",
      repeat: { weekdays: [0, 6], until: "2026-10-25" },
    });
    expect(response.status).toBe(422);
    expect(response.json<Refusal>()).toMatchObject({
      code: "shift_too_long",
      fields: { ends_at: "schedule.shiftTooLong" },
    });
    expect(await shiftRows(org)).toEqual([]);
  });

  it("refuses bad times, unknown or archived people, jobs and boards, and dates out of range, writing nothing", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    const archivedPerson = await personIn(org, { status: "archived" });
    const archivedJob = await jobIn(org, { archived: true });
    const archivedBoard = await boardIn(org, { archived: true });
    const other = await signUp(server);
    const theirBoard = await boardIn(other.organizationId);
    const theirJob = await jobIn(other.organizationId);
    const theirPerson = await personIn(other.organizationId);
    const nobody = "00000000-0000-4000-8000-000000000000";
    const good = { board_id: board, user_id: amal, job_id: kitchen, starts_at: at("2026-06-08", "07:00") };
    const before = await scheduleFootprint(org);
    const theirsBefore = await scheduleFootprint(other.organizationId);

    const cases: [Json, number, Record<string, string> | null][] = [
      [{ ...good, ends_at: at("2026-06-08", "07:00") }, 400, { ends_at: "schedule.endBeforeStart" }],
      [{ ...good, ends_at: at("2026-06-08", "06:00") }, 400, { ends_at: "schedule.endBeforeStart" }],
      [{ ...good, ends_at: at("2026-06-09", "07:01") }, 400, { ends_at: "schedule.shiftTooLong" }],
      [
        { ...good, ends_at: at("2026-06-08", "08:00"), break_minutes: 60 },
        400,
        { break_minutes: "schedule.breakTooLong" },
      ],
      [
        { ...good, ends_at: at("2026-06-08", "08:00"), break_minutes: -1 },
        400,
        { break_minutes: "schedule.breakInvalid" },
      ],
      [{ ...good, ends_at: "2026-06-08 15:00" }, 400, { ends_at: "schedule.timeInvalid" }],
      [{ ...good, ends_at: "2026-06-08T15:00:00" }, 400, { ends_at: "schedule.timeInvalid" }],
      [
        { ...good, starts_at: "1999-12-31T07:00:00Z", ends_at: "1999-12-31T15:00:00Z" },
        400,
        { starts_at: "schedule.dateOutOfRange", ends_at: "schedule.dateOutOfRange" },
      ],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), note: "x".repeat(501) }, 400, { note: "schedule.noteTooLong" }],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), user_id: nobody }, 422, { user_id: "schedule.unknownPerson" }],
      [
        { ...good, ends_at: at("2026-06-08", "15:00"), user_id: theirPerson.id },
        422,
        { user_id: "schedule.unknownPerson" },
      ],
      [
        { ...good, ends_at: at("2026-06-08", "15:00"), user_id: archivedPerson.id },
        422,
        { user_id: "schedule.personArchived" },
      ],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), job_id: nobody }, 422, { job_id: "schedule.unknownJob" }],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), job_id: theirJob }, 422, { job_id: "schedule.unknownJob" }],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), job_id: archivedJob }, 422, { job_id: "schedule.jobArchived" }],
      [
        { ...good, ends_at: at("2026-06-08", "15:00"), user_id: archivedPerson.id, job_id: archivedJob },
        422,
        { user_id: "schedule.personArchived", job_id: "schedule.jobArchived" },
      ],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), user_id: "amal" }, 400, { user_id: "schedule.unknownPerson" }],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), board_id: archivedBoard }, 404, null],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), board_id: theirBoard }, 404, null],
      [{ ...good, ends_at: at("2026-06-08", "15:00"), board_id: nobody }, 404, null],
      [
        // 2026-06-08 to 2027-06-09: 367 days.
        {
          ...good,
          ends_at: at("2026-06-08", "15:00"),
          repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], until: "2027-06-09" },
        },
        422,
        { "repeat.until": "schedule.repeatTooMany" },
      ],
      [
        { ...good, ends_at: at("2026-06-08", "15:00"), repeat: { weekdays: [1], until: "2026-06-07" } },
        422,
        { "repeat.until": "schedule.repeatUntilBeforeDate" },
      ],
      [
        { ...good, ends_at: at("2026-06-08", "15:00"), repeat: { weekdays: [], until: "2026-06-20" } },
        400,
        { "repeat.weekdays": "schedule.repeatDaysRequired" },
      ],
      [
        {
          ...good,
          ends_at: at("2026-06-08", "15:00"),
          repeat: { weekdays: [1], until: SCHEDULE_DATE_MAX.replace("2099", "2100") },
        },
        400,
        { "repeat.until": "schedule.dateOutOfRange" },
      ],
    ];
    for (const [body, status, fields] of cases) {
      const response = await create(owner.access, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json<Refusal>().code, JSON.stringify(body)).toBe(expectedCode(status, fields));
      if (fields) expect(response.json<Refusal>().fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await scheduleFootprint(org)).toEqual(before);
    expect(await scheduleFootprint(other.organizationId)).toEqual(theirsBefore);

    // Changing a shift meets the same refusals: another organization's person, job or board.
    const mine = await shiftIn(org, board, {
      user: (await personIn(org)).id,
      starts: at("2026-06-10", "07:00"),
      ends: at("2026-06-10", "15:00"),
    });
    const edits: [Json, number, Record<string, string> | null][] = [
      [{ version: 1, user_id: theirPerson.id }, 422, { user_id: "schedule.unknownPerson" }],
      [{ version: 1, job_id: theirJob }, 422, { job_id: "schedule.unknownJob" }],
      [{ version: 1, board_id: theirBoard }, 404, null],
      [{ version: 1, user_id: archivedPerson.id }, 422, { user_id: "schedule.personArchived" }],
    ];
    const mineBefore = await shiftRow(org, mine);
    for (const [body, status, fields] of edits) {
      const response = await patch(owner.access, mine, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json<Refusal>().code, JSON.stringify(body)).toBe(expectedCode(status, fields));
      if (fields) expect(response.json<Refusal>().fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await shiftRow(org, mine)).toEqual(mineBefore);
    expect(await scheduleFootprint(other.organizationId)).toEqual(theirsBefore);

    const year = await create(owner.access, {
      ...good,
      ends_at: at("2026-06-08", "08:00"),
      repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], until: "2027-06-08" },
    });
    // Up to the limit (366 days) is fine.
    expect(year.status).toBe(201);
    expect(year.json<{ shifts: Shift[] }>().shifts).toHaveLength(366);
  });

  it("refuses times and dates that do not exist rather than moving them (30 February, 31 April, hour 24, minute 60), writing nothing", async () => {
    const { owner, org, board, amal } = await setup();
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const before = await scheduleFootprint(org);
    const impossible = [
      ["starts_at", "2026-02-30T09:00:00Z", "2026-03-01T09:00:00Z"],
      ["starts_at", "2026-04-31T09:00:00+02:00", "2026-05-01T09:00:00+02:00"],
      ["ends_at", "2026-06-08T24:00:00Z", "2026-06-08T23:00:00Z"],
      ["ends_at", "2026-06-08T15:60:00Z", "2026-06-08T15:00:00Z"],
    ] as const;
    for (const [field, value, otherEnd] of impossible) {
      const times =
        field === "starts_at"
          ? { starts_at: value, ends_at: otherEnd }
          : { starts_at: at("2026-06-08", "07:00"), ends_at: value };
      const body = { board_id: board, user_id: amal, ...times };
      for (const response of [
        await create(owner.access, body),
        await check(owner.access, body),
        await patch(owner.access, id, { version: 1, [field]: value }),
      ]) {
        expect(response.status, value).toBe(400);
        expect(response.json<Refusal>(), value).toMatchObject({
          code: "validation_failed",
          fields: { [field]: "schedule.timeInvalid" },
        });
      }
    }
    const repeat = await create(owner.access, {
      board_id: board,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
      repeat: { weekdays: [1], until: "2026-06-31" },
    });
    expect(repeat.json<Refusal>().fields).toEqual({ "repeat.until": "schedule.dateInvalid" });
    expect(await scheduleFootprint(org)).toEqual(before);
  });

  it("refuses a note holding a control or text-direction character, naming it, rather than storing or dropping it", async () => {
    const { owner, org, board, amal } = await setup();
    const before = await scheduleFootprint(org);
    for (const note of ["Keys\u0000", "Keys \u202eyek", "Keys\u001b[2J"]) {
      const response = await create(owner.access, {
        board_id: board,
        user_id: amal,
        starts_at: at("2026-06-08", "07:00"),
        ends_at: at("2026-06-08", "15:00"),
        note,
      });
      expect(response.status).toBe(400);
      expect(response.json<Refusal>().fields).toEqual({ note: "validation.unsafeCharacters" });
    }
    expect(await scheduleFootprint(org)).toEqual(before);
    const lines = await create(owner.access, {
      board_id: board,
      user_id: amal,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
      note: " Keys:\n\tback door ",
    });
    expect(lines.json<{ shifts: Shift[] }>().shifts[0]?.note).toBe("Keys:\n\tback door");
  });

  it("refuses the same person twice at once (409 naming the other shift), all or nothing for a repeat; touching shifts are fine", async () => {
    const { owner, org, board, amal } = await setup();
    const otherBoard = await boardIn(org, { zone: "Europe/Paris" });
    const existing = await shiftIn(org, otherBoard, {
      user: amal,
      starts: at("2026-06-10", "07:00"),
      ends: at("2026-06-10", "15:00"),
    });
    // A shift waiting for removal no longer holds the time.
    await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-11", "07:00"),
      ends: at("2026-06-11", "15:00"),
      deleted: true,
    });
    const before = await scheduleFootprint(org);

    const single = await create(owner.access, {
      board_id: board,
      user_id: amal,
      starts_at: at("2026-06-10", "14:00"),
      ends_at: at("2026-06-10", "18:00"),
    });
    expect(single.status).toBe(409);
    const body = single.json<ShiftConflictBody>();
    expect(body).toMatchObject({ code: "shift_overlap", error: "This person already has a shift at that time" });
    expect(body.overlap).toMatchObject({ id: existing, board_id: otherBoard, user_id: amal, status: "draft" });

    const repeated = await create(owner.access, {
      board_id: board,
      user_id: amal,
      starts_at: at("2026-06-08", "08:00"),
      ends_at: at("2026-06-08", "10:00"),
      repeat: { weekdays: [1, 2, 3, 4, 5], until: "2026-06-12" },
    });
    expect(repeated.status).toBe(409);
    expect(repeated.json<ShiftConflictBody>().overlap?.id).toBe(existing);
    expect(await scheduleFootprint(org)).toEqual(before);

    for (const [starts, ends] of [
      ["15:00", "18:00"],
      ["04:00", "07:00"],
    ] as const) {
      const touching = await create(owner.access, {
        board_id: board,
        user_id: amal,
        starts_at: at("2026-06-10", starts),
        ends_at: at("2026-06-10", ends),
      });
      expect(touching.status).toBe(201);
    }
    const overPendingRemoval = await create(owner.access, {
      board_id: board,
      user_id: amal,
      starts_at: at("2026-06-11", "08:00"),
      ends_at: at("2026-06-11", "12:00"),
    });
    expect(overPendingRemoval.status).toBe(201);
  });

  it("answers the warnings the shift meets: overtime with the hours, a short rest, a job the person does not do", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    const bar = await jobIn(org, { name: "Bar" });
    // Monday to Friday 08:00–16:00 Paris: 40 hours.
    const week = ["2026-06-08", "2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12"];
    const fullWeek: string[] = [];
    for (const day of week) {
      fullWeek.push(
        await shiftIn(org, board, { user: amal, job: kitchen, starts: at(day, "06:00"), ends: at(day, "14:00") }),
      );
    }
    // Friday 21:00–23:00 Paris (19:00Z–21:00Z): 10 hours that day, 42 that week, only 5 hours' rest after the day shift.
    const response = await create(owner.access, {
      board_id: board,
      user_id: amal,
      job_id: bar,
      starts_at: at("2026-06-12", "19:00"),
      ends_at: at("2026-06-12", "21:00"),
    });
    expect(response.status).toBe(201);
    const { shifts, warnings } = response.json<{ shifts: Shift[]; warnings: ShiftWarning[] }>();
    const id = shifts[0]?.id;
    expect(warnings).toEqual([
      {
        kind: "short_rest",
        shift_id: id,
        user_id: amal,
        minutes: 300,
        limit_minutes: 600,
        other_shift_id: fullWeek[4],
        date: null,
      },
      {
        kind: "daily_overtime",
        shift_id: id,
        user_id: amal,
        minutes: 600,
        limit_minutes: 480,
        other_shift_id: null,
        date: "2026-06-12",
      },
      {
        kind: "weekly_overtime",
        shift_id: id,
        user_id: amal,
        minutes: 2520,
        limit_minutes: 2400,
        other_shift_id: null,
        date: "2026-06-08",
      },
      {
        kind: "not_on_job",
        shift_id: id,
        user_id: amal,
        minutes: 0,
        limit_minutes: 0,
        other_shift_id: null,
        date: null,
      },
    ]);

    // The board's own rules decide: a 4-hour rest, 12 hours a day, 60 a week raise nothing here.
    expect(
      (
        await rules(owner.access, board, {
          min_rest_minutes: 240,
          daily_limit_minutes: 720,
          weekly_limit_minutes: 3600,
        })
      ).status,
    ).toBe(200);
    const relaxed = await create(owner.access, {
      board_id: board,
      user_id: amal,
      job_id: kitchen,
      starts_at: at("2026-06-13", "07:00"),
      ends_at: at("2026-06-13", "09:00"),
    });
    expect(relaxed.json<{ warnings: ShiftWarning[] }>().warnings).toEqual([]);
  });
});

describe("editing and moving a shift", () => {
  it("saves the change with the next version and who made it, and tells the boards it left and joined", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    const manager = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]);
    const bilal = (await personIn(org)).id;
    const otherBoard = await boardIn(org, { zone: "Europe/Paris" });
    const id = await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const { heard, stop } = await announcements(org);

    // A drag and drop: another day, another person, another board.
    const moved = await patch(manager.access, id, {
      version: 1,
      board_id: otherBoard,
      user_id: bilal,
      starts_at: at("2026-06-10", "07:00"),
      ends_at: at("2026-06-10", "15:00"),
    });
    expect(moved.status).toBe(200);
    const { shift, warnings } = moved.json<{ shift: Shift; warnings: ShiftWarning[] }>();
    expect(shift).toMatchObject({
      id,
      board_id: otherBoard,
      user_id: bilal,
      job_id: kitchen,
      starts_at: at("2026-06-10", "07:00"),
      ends_at: at("2026-06-10", "15:00"),
      status: "draft",
      version: 2,
    });
    // Bilal is not on the kitchen job.
    expect(kinds(warnings)).toEqual(["not_on_job"]);
    expect(await shiftRow(org, id)).toMatchObject({ updated_by: manager.user.id, version: 2 });
    await until(() => heard.length > 0, "the move was announced");
    expect([...(heard[0]?.board_ids ?? [])].sort()).toEqual([board, otherBoard].sort());
    await stop();

    // Only what is given changes; null clears the job and the note, and makes an open shift.
    const edited = await patch(owner.access, id, { version: 2, break_minutes: 45, note: "Bring keys", job_id: null });
    expect(edited.json<{ shift: Shift }>().shift).toMatchObject({
      user_id: bilal,
      job_id: null,
      break_minutes: 45,
      note: "Bring keys",
      version: 3,
    });
    const opened = await patch(owner.access, id, { version: 3, user_id: null });
    expect(opened.json<{ shift: Shift }>().shift).toMatchObject({ user_id: null, version: 4 });
  });

  it("leaves what people saw of a published shift alone: it shows as changed until the next publish", async () => {
    const { owner, org, board, amal } = await setup();
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
      published: true,
    });
    const before = await shiftRow(org, id);
    const response = await patch(owner.access, id, { version: 1, starts_at: at("2026-06-08", "08:00") });
    expect(response.status).toBe(200);
    const { shift } = response.json<{ shift: Shift }>();
    expect(shift.status).toBe("changed");
    expect(shift.published).toMatchObject({ starts_at: at("2026-06-08", "07:00"), ends_at: at("2026-06-08", "15:00") });
    const after = await shiftRow(org, id);
    expect(after?.published_at).toEqual(before?.published_at);
    expect(after?.published_starts_at).toEqual(before?.published_starts_at);
    // Putting it back as it was published makes it published again.
    const back = await patch(owner.access, id, { version: 2, starts_at: at("2026-06-08", "07:00") });
    expect(back.json<{ shift: Shift }>().shift).toMatchObject({ status: "published", version: 3 });

    // What people were told names no board: a published shift stays on its own, unchanged.
    const elsewhere = await boardIn(org, { zone: "Europe/Paris" });
    const refused = await patch(owner.access, id, { version: 3, board_id: elsewhere });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "shift_published_board_move",
      fields: { board_id: "schedule.publishedBoardMove" },
    });
    expect(await shiftRow(org, id)).toMatchObject({ job_scheduler_id: board, version: 3 });
  });

  it("answers 409 shift_changed with the current shift when the version seen is stale or the shift waits for removal", async () => {
    const { owner, org, board, amal } = await setup();
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    expect((await patch(owner.access, id, { version: 1, note: "First" })).status).toBe(200);
    const before = await scheduleFootprint(org);

    const stale = await patch(owner.access, id, { version: 1, note: "Second" });
    expect(stale.status).toBe(409);
    const body = stale.json<ShiftConflictBody>();
    expect(body.code).toBe("shift_changed");
    expect(body.shift).toMatchObject({ id, note: "First", version: 2 });
    expect(await scheduleFootprint(org)).toEqual(before);

    const removal = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-09", "07:00"),
      ends: at("2026-06-09", "15:00"),
      deleted: true,
    });
    const waiting = await patch(owner.access, removal, { version: 1, note: "Too late" });
    expect(waiting.status).toBe(409);
    expect(waiting.json<ShiftConflictBody>()).toMatchObject({
      code: "shift_changed",
      shift: { id: removal, status: "deleted" },
    });
  });

  it("of two managers saving the same version at once, the second gets 409 shift_changed with the first one's save", async () => {
    const { owner, org, board, amal } = await setup();
    const manager = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]);
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const answers = await Promise.all([
      patch(owner.access, id, { version: 1, note: "Owner's" }),
      patch(manager.access, id, { version: 1, note: "Manager's" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const saved = answers.find((answer) => answer.status === 200)?.json<{ shift: Shift }>().shift;
    const refused = answers.find((answer) => answer.status === 409)?.json<ShiftConflictBody>();
    expect(refused).toMatchObject({ code: "shift_changed", shift: { id, version: 2, note: saved?.note } });
    expect(await shiftRow(org, id)).toMatchObject({ version: 2, note: saved?.note });
  });

  it("refuses bad times (given or left as they were), overlaps, and people, jobs and boards that cannot be scheduled, changing nothing", async () => {
    const { owner, org, board, amal } = await setup();
    const archivedPerson = (await personIn(org, { status: "archived" })).id;
    const archivedJob = await jobIn(org, { archived: true });
    const archivedBoard = await boardIn(org, { archived: true });
    const other = await signUp(server);
    const theirBoard = await boardIn(other.organizationId);
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const neighbour = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "16:00"),
      ends: at("2026-06-08", "20:00"),
    });
    const before = await scheduleFootprint(org);

    const cases: [Json, number, Record<string, string> | null, string | null][] = [
      [{ ends_at: at("2026-06-08", "06:00") }, 422, { ends_at: "schedule.endBeforeStart" }, null],
      [{ starts_at: at("2026-06-08", "15:00") }, 422, { ends_at: "schedule.endBeforeStart" }, null],
      [{ ends_at: at("2026-06-09", "08:00") }, 422, { ends_at: "schedule.shiftTooLong" }, null],
      [{ break_minutes: 480 }, 422, { break_minutes: "schedule.breakTooLong" }, null],
      [
        { starts_at: at("2026-06-08", "09:00"), ends_at: at("2026-06-08", "08:00") },
        400,
        { ends_at: "schedule.endBeforeStart" },
        null,
      ],
      [{ user_id: archivedPerson }, 422, { user_id: "schedule.personArchived" }, null],
      [{ user_id: "00000000-0000-4000-8000-000000000000" }, 422, { user_id: "schedule.unknownPerson" }, null],
      [{ job_id: archivedJob }, 422, { job_id: "schedule.jobArchived" }, null],
      [{ board_id: archivedBoard }, 404, null, null],
      [{ board_id: theirBoard }, 404, null, null],
      [{ ends_at: at("2026-06-08", "17:00") }, 409, null, "shift_overlap"],
      [{ note: "x".repeat(501) }, 400, { note: "schedule.noteTooLong" }, null],
      [{ version: 0 }, 400, null, null],
      [{ version: undefined }, 400, null, null],
    ];
    for (const [change, status, fields, code] of cases) {
      const response = await patch(owner.access, id, { version: 1, ...change });
      expect(response.status, JSON.stringify(change)).toBe(status);
      if (fields) expect(response.json<Refusal>().fields, JSON.stringify(change)).toEqual(fields);
      if (code) {
        expect(response.json<ShiftConflictBody>()).toMatchObject({ code, overlap: { id: neighbour } });
      } else {
        expect(response.json<Refusal>().code, JSON.stringify(change)).toBe(expectedCode(status, fields));
      }
    }
    expect(await scheduleFootprint(org)).toEqual(before);
  });

  it("lets a shift of a person archived since keep its person for a note, but not be moved", async () => {
    const { owner, org, board, amal } = await setup();
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    await setMemberStatus(org, amal, "archived");
    expect((await patch(owner.access, id, { version: 1, note: "Handover" })).status).toBe(200);
    const moved = await patch(owner.access, id, {
      version: 2,
      starts_at: at("2026-06-09", "07:00"),
      ends_at: at("2026-06-09", "15:00"),
    });
    expect(moved.status).toBe(422);
    expect(moved.json<Refusal>()).toMatchObject({ code: "shift_unschedulable" });
    expect(moved.json<Refusal>().fields).toEqual({ user_id: "schedule.personArchived" });
  });

  it("answers 404 for another organization's shift, a shift on an archived board, or no shift at all, changing nothing", async () => {
    const { owner, org, board, amal } = await setup();
    const other = await signUp(server);
    const theirBoard = await boardIn(other.organizationId);
    const theirs = await shiftIn(other.organizationId, theirBoard, {
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const closedBoard = await boardIn(org);
    const onClosed = await shiftIn(org, closedBoard, {
      user: amal,
      starts: at("2026-06-09", "07:00"),
      ends: at("2026-06-09", "15:00"),
    });
    await setBoardArchived(org, closedBoard, true);
    const mine = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-10", "07:00"),
      ends: at("2026-06-10", "15:00"),
    });
    const before = await scheduleFootprint(org);
    const theirsBefore = await scheduleFootprint(other.organizationId);

    for (const id of [theirs, onClosed, "00000000-0000-4000-8000-000000000000", "nope"]) {
      expect((await patch(owner.access, id, { version: 1, note: "Mine now" })).status).toBe(404);
      expect((await remove(owner.access, id, 1)).status).toBe(404);
      expect((await remove(owner.access, id)).status).toBe(404);
    }
    expect((await bulkDelete(owner.access, [mine, theirs])).status).toBe(404);
    expect((await bulkDelete(owner.access, [mine, onClosed])).status).toBe(404);
    expect(await scheduleFootprint(org)).toEqual(before);
    expect(await scheduleFootprint(other.organizationId)).toEqual(theirsBefore);
  });
});

describe("checking a repeat before saving it", () => {
  it("checks every shift the repeat would make: each week it pushes over the weekly limit is named once", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    const before = await scheduleFootprint(org);
    // Every day for four weeks from Monday 8 June, 09:00–17:00 in Paris: 56 hours a week, over 40 each week.
    const response = await check(owner.access, {
      board_id: board,
      user_id: amal,
      job_id: kitchen,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
      repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], until: "2026-07-05" },
    });
    expect(response.status).toBe(200);
    const body = response.json<ShiftCheckResponse>();
    expect(body.overlap).toBeNull();
    expect(body.warnings.map((warning) => [warning.kind, warning.date, warning.minutes])).toEqual([
      ["weekly_overtime", "2026-06-08", 56 * 60],
      ["weekly_overtime", "2026-06-15", 56 * 60],
      ["weekly_overtime", "2026-06-22", 56 * 60],
      ["weekly_overtime", "2026-06-29", 56 * 60],
    ]);
    expect(await scheduleFootprint(org)).toEqual(before);
  });

  it("finds a shift in the way on any day of the repeat, and refuses a repeat a save would refuse", async () => {
    const { owner, org, board, amal } = await setup();
    const existing = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-17", "08:00"),
      ends: at("2026-06-17", "10:00"),
    });
    const body = {
      board_id: board,
      user_id: amal,
      job_id: null,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
    };
    const found = await check(owner.access, { ...body, repeat: { weekdays: [3], until: "2026-06-30" } });
    expect(found.json<ShiftCheckResponse>().overlap).toMatchObject({ id: existing });
    const backwards = await check(owner.access, { ...body, repeat: { weekdays: [1], until: "2026-06-01" } });
    expect(backwards.status).toBe(422);
    expect(backwards.json<Refusal>().code).toBe("shift_repeat_ends_before_start");
  });
});

describe("taking back a removal (the board's Undo)", () => {
  it("shows a published shift marked for removal again as it was, and records it", async () => {
    const { owner, org, board, amal } = await setup();
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-09", "07:00"),
      ends: at("2026-06-09", "15:00"),
      published: true,
    });
    expect((await remove(owner.access, id, 1)).status).toBe(204);
    const restored = await call(owner.access, "POST", `/api/schedule/shifts/${id}/restore`, { version: 2 });
    expect(restored.status).toBe(200);
    expect(restored.json<{ shift: Shift }>().shift).toMatchObject({ id, version: 3, status: "published" });
    expect((await shiftRow(org, id))?.deleted_at).toBeNull();
    expect((await auditEntries(org, "schedule.shift_restored")).map((entry) => entry.target_id)).toEqual([id]);
  });

  it("refuses a shift not waiting for removal, a stale version, a shift in the way, a person archived since, or no shift, changing nothing", async () => {
    const { owner, org, board, amal } = await setup();
    const kept = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-09", "07:00"),
      ends: at("2026-06-09", "15:00"),
      published: true,
    });
    const restore = (id: string, version: number) =>
      call(owner.access, "POST", `/api/schedule/shifts/${id}/restore`, { version });
    const notMarked = await restore(kept, 1);
    expect(notMarked.status).toBe(409);
    expect(notMarked.json<ShiftConflictBody>()).toMatchObject({ code: "shift_changed", shift: { id: kept } });

    const marked = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-10", "07:00"),
      ends: at("2026-06-10", "15:00"),
      deleted: true,
    });
    const stale = await restore(marked, 7);
    expect(stale.status).toBe(409);
    expect(stale.json<Refusal>().code).toBe("shift_changed");

    // Someone gave Amal another shift at that time meanwhile.
    await shiftIn(org, board, { user: amal, starts: at("2026-06-10", "08:00"), ends: at("2026-06-10", "09:00") });
    const before = await scheduleFootprint(org);
    const inTheWay = await restore(marked, 1);
    expect(inTheWay.status).toBe(409);
    expect(inTheWay.json<Refusal>().code).toBe("shift_overlap");
    expect((await shiftRow(org, marked))?.deleted_at).not.toBeNull();

    expect((await restore("00000000-0000-4000-8000-000000000000", 1)).status).toBe(404);
    expect((await call(owner.access, "POST", `/api/schedule/shifts/${marked}/restore`, {})).status).toBe(400);
    expect(await scheduleFootprint(org)).toEqual(before);

    // Someone archived meanwhile is not scheduled again.
    const leaver = await personIn(org, { status: "archived" });
    const theirs = await shiftIn(org, board, {
      user: leaver.id,
      starts: at("2026-06-11", "07:00"),
      ends: at("2026-06-11", "15:00"),
      deleted: true,
    });
    const archived = await restore(theirs, 1);
    expect(archived.status).toBe(422);
    expect(archived.json<Refusal>()).toMatchObject({
      code: "shift_unschedulable",
      fields: { user_id: "schedule.personArchived" },
    });
    expect((await shiftRow(org, theirs))?.deleted_at).not.toBeNull();
  });
});

describe("deleting shifts", () => {
  it("removes a draft, and marks a published shift for removal at the next publish", async () => {
    const { owner, org, board, amal } = await setup();
    const draft = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const published = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-09", "07:00"),
      ends: at("2026-06-09", "15:00"),
      published: true,
    });
    const { heard, stop } = await announcements(org);

    expect((await remove(owner.access, draft, 1)).status).toBe(204);
    expect(await shiftRow(org, draft)).toBeUndefined();

    const marked = await remove(owner.access, published);
    expect(marked.status).toBe(204);
    expect(marked.text).toBe("");
    const row = await shiftRow(org, published);
    expect(row?.deleted_at).not.toBeNull();
    expect(row).toMatchObject({ version: 2, updated_by: owner.user.id });
    const week = await call(owner.access, "GET", `/api/schedule/boards/${board}/week?date=2026-06-09`);
    expect(weekFrom(week).shifts.map((shift) => [shift.id, shift.status])).toEqual([[published, "deleted"]]);

    // Deleting it again changes nothing.
    expect((await remove(owner.access, published)).status).toBe(204);
    expect((await shiftRow(org, published))?.version).toBe(2);

    await until(() => heard.length >= 2, "both deletions were announced");
    expect(heard.map((event) => event.shift_ids)).toEqual([[draft], [published]]);
    await stop();
    expect((await auditEntries(org, "schedule.shift_deleted")).map((entry) => entry.target_id)).toEqual([
      draft,
      published,
    ]);
  });

  it("refuses a stale version with the current shift, deleting nothing", async () => {
    const { owner, org, board, amal } = await setup();
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    await patch(owner.access, id, { version: 1, note: "Changed" });
    const response = await remove(owner.access, id, 1);
    expect(response.status).toBe(409);
    expect(response.json<ShiftConflictBody>()).toMatchObject({
      code: "shift_changed",
      shift: { id, version: 2, note: "Changed" },
    });
    expect(await shiftRow(org, id)).toBeDefined();
  });

  it("deletes several at once, all or nothing", async () => {
    const { owner, org, board, amal } = await setup();
    const draft = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const open = await shiftIn(org, board, { starts: at("2026-06-08", "07:00"), ends: at("2026-06-08", "15:00") });
    const published = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-09", "07:00"),
      ends: at("2026-06-09", "15:00"),
      published: true,
    });
    const waiting = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-10", "07:00"),
      ends: at("2026-06-10", "15:00"),
      deleted: true,
    });
    const kept = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-11", "07:00"),
      ends: at("2026-06-11", "15:00"),
    });
    const before = await scheduleFootprint(org);

    const unknown = await bulkDelete(owner.access, [draft, "00000000-0000-4000-8000-000000000000"]);
    expect(unknown.status).toBe(404);
    expect(unknown.json<Refusal>().code).toBe("not_found");
    expect(unknown.json<Refusal>().fields).toEqual({ ids: "schedule.unknownShift" });
    expect((await bulkDelete(owner.access, [])).json<Refusal>().fields).toEqual({ ids: "schedule.nothingSelected" });
    expect((await bulkDelete(owner.access, ["nope"])).status).toBe(400);
    expect(await scheduleFootprint(org)).toEqual(before);

    const response = await bulkDelete(owner.access, [draft, open, published, waiting, draft.toUpperCase()]);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ count: 3 });
    const rows = await shiftRows(org);
    expect(rows.map((row) => row.id).sort()).toEqual([published, waiting, kept].sort());
    expect(rows.find((row) => row.id === published)?.deleted_at).not.toBeNull();
    expect((await auditEntries(org, "schedule.shifts_deleted"))[0]?.after).toMatchObject({ count: 3 });
  });
});

describe("checking a shift before saving", () => {
  it("answers the shift it would overlap and the warnings, without writing", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    const bar = await jobIn(org);
    const existing = await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const before = await scheduleFootprint(org);

    const overlapping = await check(owner.access, {
      board_id: board,
      user_id: amal,
      job_id: bar,
      starts_at: at("2026-06-08", "14:00"),
      ends_at: at("2026-06-08", "18:00"),
    });
    expect(overlapping.status).toBe(200);
    const body = overlapping.json<ShiftCheckResponse>();
    expect(body.overlap).toMatchObject({ id: existing, user_id: amal });
    expect(kinds(body.warnings)).toEqual(["daily_overtime", "not_on_job"]);
    expect(body.warnings[0]).toMatchObject({ shift_id: null, minutes: 720, limit_minutes: 480, date: "2026-06-08" });

    // The shift being edited is left out of its own conflicts.
    const itself = await check(owner.access, {
      id: existing,
      board_id: board,
      user_id: amal,
      job_id: kitchen,
      starts_at: at("2026-06-08", "08:00"),
      ends_at: at("2026-06-08", "16:00"),
    });
    expect(itself.json<ShiftCheckResponse>()).toEqual({ overlap: null, warnings: [] });

    const open = await check(owner.access, {
      board_id: board,
      user_id: null,
      job_id: null,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
    });
    expect(open.json<ShiftCheckResponse>()).toEqual({ overlap: null, warnings: [] });

    const refused = await check(owner.access, {
      board_id: board,
      user_id: "00000000-0000-4000-8000-000000000000",
      job_id: null,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
    });
    expect(refused.status).toBe(422);
    expect(refused.json<Refusal>()).toMatchObject({
      code: "shift_unschedulable",
      fields: { user_id: "schedule.unknownPerson" },
    });
    const badTimes = await check(owner.access, {
      board_id: board,
      user_id: amal,
      job_id: null,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "07:00"),
    });
    expect(badTimes.status).toBe(400);
    expect(badTimes.json<Refusal>().code).toBe("validation_failed");
    const other = await signUp(server);
    expect(
      (
        await check(owner.access, {
          board_id: await boardIn(other.organizationId),
          user_id: null,
          job_id: null,
          starts_at: at("2026-06-08", "07:00"),
          ends_at: at("2026-06-08", "15:00"),
        })
      ).status,
    ).toBe(404);
    expect(await scheduleFootprint(org)).toEqual(before);
  });
});

describe("a board's rules", () => {
  it("change one by one, show in the week, and are recorded", async () => {
    const { owner, org, board } = await setup();
    const response = await rules(owner.access, board, { min_rest_minutes: 660 });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      rules: { min_rest_minutes: 660, daily_limit_minutes: 480, weekly_limit_minutes: 2400 },
    });
    const week = await call(owner.access, "GET", `/api/schedule/boards/${board}/week?date=2026-06-08`);
    expect(weekFrom(week).boards[0]?.rules).toEqual({
      min_rest_minutes: 660,
      daily_limit_minutes: 480,
      weekly_limit_minutes: 2400,
    });
    expect((await auditEntries(org, "schedule.rules_changed"))[0]?.after).toEqual({
      min_rest_minutes: 660,
      daily_limit_minutes: 480,
      weekly_limit_minutes: 2400,
    });
  });

  it("refuses values out of range, `all`, and boards that are not the organization's active ones, changing nothing", async () => {
    const { owner, org, board } = await setup();
    const archived = await boardIn(org, { archived: true });
    const other = await signUp(server);
    const theirs = await boardIn(other.organizationId);
    const before = await scheduleFootprint(org);
    const cases: [Json, Record<string, string>][] = [
      [{ min_rest_minutes: -1 }, { min_rest_minutes: "schedule.restInvalid" }],
      [{ min_rest_minutes: 48 * 60 + 1 }, { min_rest_minutes: "schedule.restInvalid" }],
      [{ daily_limit_minutes: 59 }, { daily_limit_minutes: "schedule.dailyLimitInvalid" }],
      [{ daily_limit_minutes: 1441 }, { daily_limit_minutes: "schedule.dailyLimitInvalid" }],
      [{ weekly_limit_minutes: 10081 }, { weekly_limit_minutes: "schedule.weeklyLimitInvalid" }],
      [{ weekly_limit_minutes: 90.5 }, { weekly_limit_minutes: "schedule.weeklyLimitInvalid" }],
    ];
    for (const [body, fields] of cases) {
      const response = await rules(owner.access, board, body);
      expect(response.status).toBe(400);
      expect(response.json<Refusal>().fields).toEqual(fields);
    }
    for (const scope of ["all", archived, theirs, "nope"]) {
      expect((await rules(owner.access, scope, { min_rest_minutes: 60 })).status).toBe(404);
    }
    expect(await scheduleFootprint(org)).toEqual(before);
    expect((await rules(owner.access, board, {})).json()).toEqual({
      rules: { min_rest_minutes: 600, daily_limit_minutes: 480, weekly_limit_minutes: 2400 },
    });
  });
});

describe("who may change shifts", () => {
  it("only those who may manage the scheduler: the owner, supervisors with manage_scheduler, the platform admin", async () => {
    const { owner, org, board, amal } = await setup();
    const employee = await memberOf(server, org, "EMPLOYEE");
    const bare = await memberOf(server, org, "SUPERVISOR");
    const viewer = await memberOf(server, org, "SUPERVISOR", ["view_scheduler"]);
    const manager = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]);
    const admin = await platformAdminIn(server, org);
    const id = await shiftIn(org, board, {
      user: amal,
      starts: at("2026-06-08", "07:00"),
      ends: at("2026-06-08", "15:00"),
    });
    const shift = {
      board_id: board,
      user_id: amal,
      starts_at: at("2026-06-09", "07:00"),
      ends_at: at("2026-06-09", "15:00"),
    };
    const writes = (token: string) => [
      create(token, shift),
      patch(token, id, { version: 1, note: "Mine" }),
      remove(token, id),
      bulkDelete(token, [id]),
      check(token, { ...shift, job_id: null }),
      rules(token, board, { min_rest_minutes: 60 }),
    ];
    const before = await scheduleFootprint(org);
    const rulesBefore = weekFrom(
      await call(owner.access, "GET", `/api/schedule/boards/${board}/week?date=2026-06-08`),
    ).boards;
    for (const who of [employee, bare, viewer]) {
      for (const response of await Promise.all(writes(who.access))) expect(response.status).toBe(403);
    }
    expect(await scheduleFootprint(org)).toEqual(before);
    expect(
      weekFrom(await call(owner.access, "GET", `/api/schedule/boards/${board}/week?date=2026-06-08`)).boards,
    ).toEqual(rulesBefore);

    let version = 1;
    for (const who of [manager, admin, owner]) {
      const created = await create(who.access, {
        ...shift,
        starts_at: at(`2026-06-1${version + 1}`, "07:00"),
        ends_at: at(`2026-06-1${version + 1}`, "15:00"),
      });
      expect(created.status).toBe(201);
      expect((await patch(who.access, id, { version, note: `By ${version}` })).status).toBe(200);
      version++;
      expect((await check(who.access, { ...shift, job_id: null })).status).toBe(200);
      expect((await rules(who.access, board, { min_rest_minutes: 60 * version })).status).toBe(200);
      const made = created.json<{ shifts: Shift[] }>().shifts[0]?.id ?? "";
      expect((await bulkDelete(who.access, [made])).status).toBe(200);
    }
    expect((await remove(admin.access, id, version)).status).toBe(204);
  });
});

describe("the same person twice at once, decided by the database", () => {
  it("the exclusion constraint refuses an overlapping row however it is written, and the refusal reads as 409 shift_overlap", async () => {
    const { org, board, amal, amalAccount } = await setup();
    await shiftIn(org, board, { user: amal, starts: at("2026-06-08", "07:00"), ends: at("2026-06-08", "15:00") });
    const { db } = await testDatabase();
    const insert = () =>
      withOrganization(db, org, (tx) =>
        refusingOverlap(() =>
          tx
            .insertInto("shifts")
            .values({
              organization_id: org,
              job_scheduler_id: board,
              user_id: amalAccount,
              starts_at: at("2026-06-08", "14:00"),
              ends_at: at("2026-06-08", "18:00"),
            })
            .execute(),
        ),
      );
    const error = await insert().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, code: "shift_overlap" });
    expect(await shiftRows(org)).toHaveLength(1);
  });

  it("of two saves at once for the same person and time, one is created and the other refused", async () => {
    const { owner, org, board, amal } = await setup();
    const shift = {
      board_id: board,
      user_id: amal,
      starts_at: at("2026-06-08", "07:00"),
      ends_at: at("2026-06-08", "15:00"),
    };
    const answers = await Promise.all([
      create(owner.access, shift),
      create(owner.access, { ...shift, starts_at: at("2026-06-08", "08:00") }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.json<ShiftConflictBody>().code).toBe("shift_overlap");
    expect(await shiftRows(org)).toHaveLength(1);
  });

  it.runIf(databaseKind() === "postgres")(
    "a save racing past the check is refused by the constraint when the other commits (PostgreSQL)",
    async () => {
      const { owner, org, board, amal, amalAccount } = await setup();
      const client = new pg.Client({ connectionString: inject("databaseUrl") });
      await client.connect();
      try {
        await client.query("begin");
        await client.query(
          `insert into shifts (organization_id, job_scheduler_id, user_id, starts_at, ends_at) values ($1, $2, $3, $4, $5)`,
          [org, board, amalAccount, at("2026-06-08", "07:00"), at("2026-06-08", "15:00")],
        );
        // The request's check cannot see the uncommitted row; its insert waits on the constraint.
        const pending = create(owner.access, {
          board_id: board,
          user_id: amal,
          starts_at: at("2026-06-08", "10:00"),
          ends_at: at("2026-06-08", "18:00"),
        });
        for (let i = 0; i < 250; i++) {
          const waiting = await client.query(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event = 'transactionid' and pid <> pg_backend_pid()`,
          );
          if (waiting.rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query("commit");
        const response = await pending;
        expect(response.status).toBe(409);
        const body = response.json<ShiftConflictBody>();
        expect(body.code).toBe("shift_overlap");
        // Decided by the constraint, not the check: the other shift was not visible to name.
        expect(body.overlap).toBeUndefined();
        expect(await shiftRows(org)).toHaveLength(1);
      } finally {
        await client.end();
      }
    },
  );
});
