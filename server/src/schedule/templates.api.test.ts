import type { ScheduleTemplate } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, signUp } from "../../test/auth.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import {
  auditEntries,
  boardIn,
  jobIn,
  personIn,
  scheduleFootprint,
  setMemberStatus,
  shiftIn,
  shiftRows,
} from "../../test/shift-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
const save = (token: string, json: unknown) => call(token, "POST", "/api/schedule/templates", json);
const apply = (token: string, id: string, date: string) =>
  call(token, "POST", `/api/schedule/templates/${id}/apply`, { date });
const list = (token: string, board: string) => call(token, "GET", `/api/schedule/templates?board_id=${board}`);

const iso = (value: Date | string) => new Date(value).toISOString();

/** A Paris board with the week of Monday 2026-03-23 (clocks forward on Sunday the 29th) drafted. */
async function boardWithWeek() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { zone: "Europe/Paris", weekStart: 1 });
  const job = await jobIn(org);
  const amal = await personIn(org);
  await shiftIn(org, board, {
    user: amal.id,
    job,
    starts: "2026-03-23T08:00:00Z", // Monday 09:00–17:00
    ends: "2026-03-23T16:00:00Z",
    breakMinutes: 45,
    note: "Opening",
  });
  // Saturday 22:00 → Sunday 06:00 across the change (7 real hours, 8 on the clock).
  await shiftIn(org, board, { user: amal.id, starts: "2026-03-28T21:00:00Z", ends: "2026-03-29T04:00:00Z" });
  await shiftIn(org, board, { starts: "2026-03-29T07:00:00Z", ends: "2026-03-29T11:00:00Z" }); // Sunday 09:00–13:00
  await shiftIn(org, board, {
    user: amal.id,
    starts: "2026-03-25T08:00:00Z",
    ends: "2026-03-25T09:00:00Z",
    deleted: true,
  });
  return { owner, org, board, job, amal };
}

describe("week templates", () => {
  it("save a week as wall clock and lay it on any week, daylight-saving changes included", async () => {
    const { owner, org, board, job, amal } = await boardWithWeek();
    const saved = await save(owner.access, { board_id: board, name: "  Spring week ", date: "2026-03-26" });
    expect(saved.status).toBe(201);
    const { template } = saved.json<{ template: ScheduleTemplate }>();
    expect(template).toMatchObject({ board_id: board, name: "Spring week", shift_count: 3 });
    const [entry] = await auditEntries(org, "schedule.template_created");
    expect(entry).toMatchObject({ target_id: template.id, actor_user_id: owner.user.id });

    // Into a winter week: 09:00 stays 09:00 (08:00Z), the night shift keeps its 22:00–06:00.
    const response = await apply(owner.access, template.id, "2026-03-18");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ created: 3, skipped: 0 });
    const winter = (await shiftRows(org)).filter((row) => iso(row.starts_at) < "2026-03-23");
    expect(winter.map((row) => [iso(row.starts_at), iso(row.ends_at)])).toEqual([
      ["2026-03-16T08:00:00.000Z", "2026-03-16T16:00:00.000Z"],
      ["2026-03-21T21:00:00.000Z", "2026-03-22T05:00:00.000Z"],
      ["2026-03-22T08:00:00.000Z", "2026-03-22T12:00:00.000Z"],
    ]);
    expect(winter[0]).toMatchObject({
      user_id: amal.account,
      job_id: job,
      break_minutes: 45,
      note: "Opening",
      published_at: null,
    });
    expect(winter[2]?.user_id).toBeNull();

    // Into a summer week.
    expect((await apply(owner.access, template.id, "2026-04-02")).json()).toEqual({ created: 3, skipped: 0 });
    const summer = (await shiftRows(org)).filter((row) => iso(row.starts_at) >= "2026-03-30");
    expect(summer.map((row) => [iso(row.starts_at), iso(row.ends_at)])).toEqual([
      ["2026-03-30T07:00:00.000Z", "2026-03-30T15:00:00.000Z"],
      ["2026-04-04T20:00:00.000Z", "2026-04-05T04:00:00.000Z"],
      ["2026-04-05T07:00:00.000Z", "2026-04-05T11:00:00.000Z"],
    ]);

    // Applying twice doubles nothing; an archived person is skipped.
    expect((await apply(owner.access, template.id, "2026-04-02")).json()).toEqual({ created: 0, skipped: 3 });
    await setMemberStatus(org, amal.id, "archived");
    expect((await apply(owner.access, template.id, "2026-04-08")).json()).toEqual({ created: 1, skipped: 2 });
    expect(await auditEntries(org, "schedule.template_applied")).toHaveLength(3);
  });

  it("are listed by name for whoever may view the board", async () => {
    const { owner, org, board } = await boardWithWeek();
    for (const name of ["Weekend", "bar nights", "Autumn"]) {
      expect((await save(owner.access, { board_id: board, name, date: "2026-03-23" })).status).toBe(201);
    }
    const otherBoard = await boardIn(org);
    await save(owner.access, { board_id: otherBoard, name: "Elsewhere", date: "2026-03-23" });
    const viewer = await memberOf(server, org, "SUPERVISOR", ["view_scheduler"]);
    const response = await list(viewer.access, board);
    expect(response.status).toBe(200);
    const { templates } = response.json<{ templates: ScheduleTemplate[] }>();
    expect(templates.map((template) => template.name)).toEqual(["Autumn", "bar nights", "Weekend"]);
    expect(templates.every((template) => template.shift_count === 3 && template.board_id === board)).toBe(true);
  });

  it("have names unique on their board, whatever the case", async () => {
    const { owner, org, board } = await boardWithWeek();
    expect((await save(owner.access, { board_id: board, name: "Summer", date: "2026-03-23" })).status).toBe(201);
    const before = await scheduleFootprint(org);
    const taken = await save(owner.access, { board_id: board, name: " SUMMER ", date: "2026-03-30" });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ code: "template_name_taken", fields: { name: "schedule.templateNameTaken" } });
    expect(await scheduleFootprint(org)).toEqual(before);
    // Another board may use it.
    expect(
      (await save(owner.access, { board_id: await boardIn(org), name: "Summer", date: "2026-03-23" })).status,
    ).toBe(201);
    const blank = await save(owner.access, { board_id: board, name: "   ", date: "2026-03-23" });
    expect(blank.json()).toMatchObject({ fields: { name: "schedule.templateNameRequired" } });
    const long = await save(owner.access, { board_id: board, name: "x".repeat(61), date: "2026-03-23" });
    expect(long.json()).toMatchObject({ fields: { name: "schedule.templateNameTooLong" } });
  });

  it("refuse a name holding a control or text-direction character, naming the field and saving nothing", async () => {
    const { owner, org, board } = await boardWithWeek();
    const before = await scheduleFootprint(org);
    for (const name of [
      "Spring\u0000week",
      "Spring \u202eweek",
      "\u2066Spring\u2069",
      "Spring\u0085",
      "Spring\ud800",
    ]) {
      const response = await save(owner.access, { board_id: board, name, date: "2026-03-23" });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.json(), JSON.stringify(name)).toEqual({
        error: "The request is not valid",
        code: "validation_failed",
        fields: { name: "validation.unsafeCharacters" },
      });
    }
    expect(await scheduleFootprint(org)).toEqual(before);
  });

  it("are deleted, after which they cannot be applied", async () => {
    const { owner, org, board } = await boardWithWeek();
    const { template } = (await save(owner.access, { board_id: board, name: "Gone", date: "2026-03-23" })).json<{
      template: ScheduleTemplate;
    }>();
    const deleted = await call(owner.access, "DELETE", `/api/schedule/templates/${template.id}`);
    expect(deleted.status).toBe(204);
    expect((await list(owner.access, board)).json()).toEqual({ templates: [] });
    expect((await apply(owner.access, template.id, "2026-04-06")).status).toBe(404);
    expect((await call(owner.access, "DELETE", `/api/schedule/templates/${template.id}`)).status).toBe(404);
    expect((await call(owner.access, "DELETE", "/api/schedule/templates/not-an-id")).status).toBe(404);
    expect(await auditEntries(org, "schedule.template_deleted")).toHaveLength(1);
  });

  it("of another organization are not found, and nothing changes", async () => {
    const mine = await boardWithWeek();
    const theirs = await boardWithWeek();
    const { template } = (
      await save(theirs.owner.access, { board_id: theirs.board, name: "Theirs", date: "2026-03-23" })
    ).json<{ template: ScheduleTemplate }>();
    const before = await scheduleFootprint(theirs.org);
    const mineBefore = await scheduleFootprint(mine.org);

    expect((await list(mine.owner.access, theirs.board)).status).toBe(404);
    expect((await save(mine.owner.access, { board_id: theirs.board, name: "X", date: "2026-03-23" })).status).toBe(404);
    expect((await apply(mine.owner.access, template.id, "2026-04-06")).status).toBe(404);
    expect((await call(mine.owner.access, "DELETE", `/api/schedule/templates/${template.id}`)).status).toBe(404);

    expect(await scheduleFootprint(theirs.org)).toEqual(before);
    expect(await scheduleFootprint(mine.org)).toEqual(mineBefore);
  });

  it("need view to list and manage to change; refusals write nothing", async () => {
    const { owner, org, board } = await boardWithWeek();
    const { template } = (await save(owner.access, { board_id: board, name: "Base", date: "2026-03-23" })).json<{
      template: ScheduleTemplate;
    }>();
    const employee = await memberOf(server, org, "EMPLOYEE");
    const outsider = await memberOf(server, org, "SUPERVISOR", ["view_timesheet"]);
    const viewer = await memberOf(server, org, "SUPERVISOR", ["view_scheduler"]);
    const before = await scheduleFootprint(org);

    for (const who of [employee, outsider]) expect((await list(who.access, board)).status).toBe(403);
    for (const who of [employee, outsider, viewer]) {
      expect((await save(who.access, { board_id: board, name: "Mine", date: "2026-03-23" })).status).toBe(403);
      expect((await apply(who.access, template.id, "2026-04-06")).status).toBe(403);
      expect((await call(who.access, "DELETE", `/api/schedule/templates/${template.id}`)).status).toBe(403);
    }
    expect(await scheduleFootprint(org)).toEqual(before);

    const admin = await platformAdminIn(server, org);
    expect((await list(admin.access, board)).status).toBe(200);
    expect((await save(admin.access, { board_id: board, name: "Admin's", date: "2026-03-23" })).status).toBe(201);
    expect((await apply(admin.access, template.id, "2026-04-06")).json()).toEqual({ created: 3, skipped: 0 });
    const manager = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]);
    expect((await call(manager.access, "DELETE", `/api/schedule/templates/${template.id}`)).status).toBe(204);
  });
});
