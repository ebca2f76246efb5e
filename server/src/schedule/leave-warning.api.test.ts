import type {
  CopyResult,
  InboxItem,
  InboxResponse,
  Shift,
  ShiftCheckResponse,
  ShiftConflictBody,
  ShiftWarning,
} from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../test/auth.ts";
import { boardMembers, personJobs } from "../../test/board-fixtures.ts";
import { requestIn } from "../../test/inbox-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import {
  boardIn,
  jobIn,
  personIn,
  scheduleFootprint,
  setOrganizationCalendar,
  shiftIn,
  shiftRow,
} from "../../test/shift-fixtures.ts";
import { leaveTypeIn, setLeaveSchedulingPolicy, timeOffIn } from "../../test/time-off-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
const onLeave = (warnings: readonly ShiftWarning[] | undefined) =>
  (warnings ?? []).filter((warning) => warning.kind === "on_leave");
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A Paris board (UTC+2 in June 2031, weeks from Monday 2 June) and Amal on
 * its Kitchen job, with approved Vacation on Wednesday the 4th (the whole
 * day), approved Sick leave on Thursday the 5th from 09:00 to 12:00, leave
 * still waiting on Friday the 6th and cancelled leave on Saturday the 7th.
 */
async function setup() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  await setOrganizationCalendar(org, "Europe/Paris", 1);
  const board = await boardIn(org, { name: "Paris", zone: "Europe/Paris", weekStart: 1 });
  const kitchen = await jobIn(org, { name: "Kitchen" });
  const amal = await personIn(org, { firstName: "Amal" });
  await personJobs(org, amal.id, [kitchen]);
  await boardMembers(org, board, [amal.id]);
  const vacation = await leaveTypeIn(org, { name: "Vacation" });
  const sick = await leaveTypeIn(org, { name: "Sick", color: "#c92a2a" });
  await timeOffIn(org, amal.id, { leaveType: vacation, from: "2031-06-04" });
  await timeOffIn(org, amal.id, { leaveType: sick, from: "2031-06-05", part: { start: "09:00", end: "12:00" } });
  await timeOffIn(org, amal.id, { leaveType: vacation, from: "2031-06-06", status: "pending" });
  await timeOffIn(org, amal.id, { leaveType: vacation, from: "2031-06-07", status: "cancelled" });
  const shift = (json: Record<string, unknown>) => ({ board_id: board, user_id: amal.id, job_id: kitchen, ...json });
  return { owner, org, board, kitchen, amal: amal.id, amalAccount: amal.account, shift };
}

describe("scheduling someone on approved leave (the organization warns)", () => {
  it("warns on create, each repeated shift on its own day, with the leave type's name; saves all the same", async () => {
    const { owner, amal, shift } = await setup();
    // Wednesday to Saturday 10:00–13:00 in Paris.
    const response = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts",
      shift({
        starts_at: "2031-06-04T10:00:00+02:00",
        ends_at: "2031-06-04T13:00:00+02:00",
        repeat: { weekdays: [3, 4, 5, 6], until: "2031-06-07" },
      }),
    );
    expect(response.status, response.text).toBe(201);
    const { shifts, warnings } = response.json<{ shifts: Shift[]; warnings: ShiftWarning[] }>();
    expect(shifts).toHaveLength(4);
    // Wednesday's vacation and Thursday's morning off; not what waits (Friday) nor what was cancelled (Saturday).
    expect(onLeave(warnings)).toEqual([
      {
        kind: "on_leave",
        shift_id: shifts[0]?.id,
        user_id: amal,
        minutes: 0,
        limit_minutes: 0,
        other_shift_id: null,
        date: "2031-06-04",
        note: "Vacation",
      },
      expect.objectContaining({ shift_id: shifts[1]?.id, date: "2031-06-05", note: "Sick" }),
    ]);
  });

  it("warns on a check, an overnight shift reaching into the day, and an edit moving a shift onto it; a part of a day only where it overlaps", async () => {
    const { owner, org, board, kitchen, amal, shift } = await setup();
    const check = async (json: Record<string, unknown>) => {
      const response = await call(owner.access, "POST", "/api/schedule/shifts/check", shift(json));
      expect(response.status, response.text).toBe(200);
      return onLeave(response.json<ShiftCheckResponse>().warnings);
    };
    // Tuesday 22:00 → Wednesday 06:00.
    expect(await check({ starts_at: "2031-06-03T22:00:00+02:00", ends_at: "2031-06-04T06:00:00+02:00" })).toEqual([
      expect.objectContaining({ shift_id: null, user_id: amal, date: "2031-06-04", note: "Vacation" }),
    ]);
    // Thursday from 12:00 only touches the morning off; 11:00 overlaps it.
    expect(await check({ starts_at: "2031-06-05T12:00:00+02:00", ends_at: "2031-06-05T16:00:00+02:00" })).toEqual([]);
    expect(await check({ starts_at: "2031-06-05T11:00:00+02:00", ends_at: "2031-06-05T16:00:00+02:00" })).toEqual([
      expect.objectContaining({ date: "2031-06-05", note: "Sick" }),
    ]);
    // An open shift is nobody's leave.
    expect(
      await check({ user_id: null, starts_at: "2031-06-04T10:00:00+02:00", ends_at: "2031-06-04T14:00:00+02:00" }),
    ).toEqual([]);

    const id = await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: "2031-06-03T08:00:00Z",
      ends: "2031-06-03T12:00:00Z",
    });
    const moved = await call(owner.access, "PATCH", `/api/schedule/shifts/${id}`, {
      version: 1,
      starts_at: "2031-06-04T08:00:00Z",
      ends_at: "2031-06-04T12:00:00Z",
    });
    expect(moved.status, moved.text).toBe(200);
    expect(onLeave(moved.json<{ warnings: ShiftWarning[] }>().warnings)).toEqual([
      expect.objectContaining({ shift_id: id, date: "2031-06-04", note: "Vacation" }),
    ]);
  });

  it("warns for the shifts a copied week or an applied template makes on leave", async () => {
    const { owner, org, board, kitchen, amal, amalAccount } = await setup();
    // Wednesday of the week before, 10:00–14:00 Paris, and Monday (no leave on the Monday after).
    await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: "2031-05-28T08:00:00Z",
      ends: "2031-05-28T12:00:00Z",
    });
    await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: "2031-05-26T08:00:00Z",
      ends: "2031-05-26T12:00:00Z",
    });
    const copied = await call(owner.access, "POST", "/api/schedule/copy-week", {
      board_id: board,
      from: "2031-05-26",
      to: "2031-06-02",
    });
    expect(copied.status, copied.text).toBe(200);
    const copy = copied.json<CopyResult>();
    const made = (await scheduleFootprint(org)).shifts.find(
      (row) => row.user_id === amalAccount && iso(row.starts_at) === "2031-06-04T08:00:00.000Z",
    );
    expect(copy).toEqual({
      created: 2,
      skipped: 0,
      warnings: [expect.objectContaining({ kind: "on_leave", shift_id: made?.id, user_id: amal, date: "2031-06-04" })],
    });

    const saved = await call(owner.access, "POST", "/api/schedule/templates", {
      board_id: board,
      name: "Week",
      date: "2031-05-26",
    });
    expect(saved.status, saved.text).toBe(201);
    const template = saved.json<{ template: { id: string } }>().template;
    // Laid on the week after the leave: nothing to warn about.
    const later = await call(owner.access, "POST", `/api/schedule/templates/${template.id}/apply`, {
      date: "2031-06-09",
    });
    expect(later.json()).toEqual({ created: 2, skipped: 0 });
    await call(owner.access, "POST", "/api/schedule/clear-drafts", { board_id: board, date: "2031-06-02" });
    const applied = await call(owner.access, "POST", `/api/schedule/templates/${template.id}/apply`, {
      date: "2031-06-02",
    });
    expect(applied.status, applied.text).toBe(200);
    expect(onLeave(applied.json<CopyResult>().warnings)).toEqual([
      expect.objectContaining({ user_id: amal, date: "2031-06-04", note: "Vacation" }),
    ]);
  });

  it("shows on a claim's impact: the on_leave warning and the day in time_off_conflicts", async () => {
    const { owner, org, board, kitchen, amal, amalAccount } = await setup();
    const open = await shiftIn(org, board, {
      user: null,
      job: kitchen,
      starts: "2031-06-04T08:00:00Z",
      ends: "2031-06-04T12:00:00Z",
      published: true,
    });
    const claim = await requestIn(org, { kind: "claim", author: amalAccount, shift: open, day: "2031-06-04" });
    const response = await call(owner.access, "GET", "/api/requests?limit=100");
    expect(response.status, response.text).toBe(200);
    const item = response.json<InboxResponse>().requests.find((each: InboxItem) => each.id === claim);
    expect(onLeave(item?.impact?.warnings)).toEqual([
      expect.objectContaining({ shift_id: open, user_id: amal, date: "2031-06-04", note: "Vacation" }),
    ]);
    expect(item?.impact?.time_off_conflicts).toEqual([{ user_id: amal, date: "2031-06-04" }]);
  });
});

describe("where the organization refuses scheduling people on leave", () => {
  it("refuses a create (409 shift_on_leave, naming the leave) and writes nothing; an open shift or waiting leave passes", async () => {
    const { owner, org, amal, shift } = await setup();
    await setLeaveSchedulingPolicy(org, "refuse");
    const before = await scheduleFootprint(org);
    const refused = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts",
      shift({
        starts_at: "2031-06-03T10:00:00+02:00",
        ends_at: "2031-06-03T13:00:00+02:00",
        repeat: { weekdays: [2, 3], until: "2031-06-04" },
      }),
    );
    expect(refused.status).toBe(409);
    const body = refused.json<ShiftConflictBody>();
    expect(body.code).toBe("shift_on_leave");
    expect(body.warnings).toEqual([
      expect.objectContaining({
        kind: "on_leave",
        shift_id: null,
        user_id: amal,
        date: "2031-06-04",
        note: "Vacation",
      }),
    ]);
    expect(await scheduleFootprint(org)).toEqual(before);

    const open = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts",
      shift({ user_id: null, starts_at: "2031-06-04T10:00:00+02:00", ends_at: "2031-06-04T13:00:00+02:00" }),
    );
    expect(open.status).toBe(201);
    const waiting = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts",
      shift({ starts_at: "2031-06-06T10:00:00+02:00", ends_at: "2031-06-06T13:00:00+02:00" }),
    );
    expect(waiting.status).toBe(201);
    // A check still answers (it writes nothing): the warning says why saving would be refused.
    const checked = await call(
      owner.access,
      "POST",
      "/api/schedule/shifts/check",
      shift({ starts_at: "2031-06-04T10:00:00+02:00", ends_at: "2031-06-04T13:00:00+02:00" }),
    );
    expect(checked.status).toBe(200);
    expect(onLeave(checked.json<ShiftCheckResponse>().warnings)).toHaveLength(1);
  });

  it("refuses an edit that moves a shift onto leave or gives it to someone on leave, and writes nothing", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    await setLeaveSchedulingPolicy(org, "refuse");
    const id = await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: "2031-06-03T08:00:00Z",
      ends: "2031-06-03T12:00:00Z",
    });
    const opened = await shiftIn(org, board, {
      job: kitchen,
      starts: "2031-06-04T08:00:00Z",
      ends: "2031-06-04T12:00:00Z",
    });
    const before = await scheduleFootprint(org);
    const moved = await call(owner.access, "PATCH", `/api/schedule/shifts/${id}`, {
      version: 1,
      starts_at: "2031-06-04T08:00:00Z",
      ends_at: "2031-06-04T12:00:00Z",
    });
    expect(moved.status).toBe(409);
    expect(moved.json<ShiftConflictBody>()).toMatchObject({
      code: "shift_on_leave",
      warnings: [expect.objectContaining({ shift_id: id, user_id: amal, date: "2031-06-04" })],
    });
    const given = await call(owner.access, "PATCH", `/api/schedule/shifts/${opened}`, { version: 1, user_id: amal });
    expect(given.status).toBe(409);
    expect(given.json<ShiftConflictBody>().code).toBe("shift_on_leave");
    expect(await scheduleFootprint(org)).toEqual(before);
    expect((await shiftRow(org, id))?.version).toBe(1);
  });

  it("refuses a copied week and an applied template that would put someone on leave, and writes nothing", async () => {
    const { owner, org, board, kitchen, amal } = await setup();
    await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: "2031-05-28T08:00:00Z",
      ends: "2031-05-28T12:00:00Z",
    });
    await shiftIn(org, board, { job: kitchen, starts: "2031-05-27T08:00:00Z", ends: "2031-05-27T12:00:00Z" });
    const saved = await call(owner.access, "POST", "/api/schedule/templates", {
      board_id: board,
      name: "Week",
      date: "2031-05-26",
    });
    expect(saved.status).toBe(201);
    const template = saved.json<{ template: { id: string } }>().template;
    await setLeaveSchedulingPolicy(org, "refuse");
    const before = await scheduleFootprint(org);

    const copied = await call(owner.access, "POST", "/api/schedule/copy-week", {
      board_id: board,
      from: "2031-05-26",
      to: "2031-06-02",
    });
    expect(copied.status).toBe(409);
    expect(copied.json<ShiftConflictBody>()).toMatchObject({
      code: "shift_on_leave",
      warnings: [expect.objectContaining({ user_id: amal, date: "2031-06-04", note: "Vacation" })],
    });
    const applied = await call(owner.access, "POST", `/api/schedule/templates/${template.id}/apply`, {
      date: "2031-06-02",
    });
    expect(applied.status).toBe(409);
    expect(applied.json<ShiftConflictBody>().code).toBe("shift_on_leave");
    expect(await scheduleFootprint(org)).toEqual(before);

    // Another week is copied as ever.
    const elsewhere = await call(owner.access, "POST", "/api/schedule/copy-week", {
      board_id: board,
      from: "2031-05-26",
      to: "2031-06-09",
    });
    expect(elsewhere.json()).toEqual({ created: 2, skipped: 0 });
  });

  it("keeps a shift already on leave editable (its note) and publishable; a request's approval only warns", async () => {
    const { owner, org, board, kitchen, amal, amalAccount } = await setup();
    await setLeaveSchedulingPolicy(org, "refuse");
    // Made before the leave was approved, say.
    const kept = await shiftIn(org, board, {
      user: amal,
      job: kitchen,
      starts: "2031-06-04T08:00:00Z",
      ends: "2031-06-04T12:00:00Z",
    });
    const noted = await call(owner.access, "PATCH", `/api/schedule/shifts/${kept}`, { version: 1, note: "Cover?" });
    expect(noted.status, noted.text).toBe(200);
    expect(onLeave(noted.json<{ warnings: ShiftWarning[] }>().warnings)).toHaveLength(1);
    const published = await call(owner.access, "POST", "/api/schedule/publish", { ids: [kept] });
    expect(published.status, published.text).toBe(200);

    const open = await shiftIn(org, board, {
      job: kitchen,
      starts: "2031-06-05T08:00:00Z",
      ends: "2031-06-05T12:00:00Z",
      published: true,
    });
    const claim = await requestIn(org, { kind: "claim", author: amalAccount, shift: open, day: "2031-06-05" });
    const approved = await call(owner.access, "POST", `/api/requests/${claim}/approve`, { version: 1 });
    expect(approved.status, approved.text).toBe(200);
    expect((await shiftRow(org, open))?.user_id).toBe(amalAccount);
  });
});
