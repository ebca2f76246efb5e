import type { CopyResult } from "@workshift/contracts";
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

const copy = (token: string, json: unknown) =>
  server.request("/api/schedule/copy-week", { method: "POST", headers: bearer(token), json });

const iso = (value: Date | string) => new Date(value).toISOString();
const times = (rows: { starts_at: Date; ends_at: Date }[]) => rows.map((row) => [iso(row.starts_at), iso(row.ends_at)]);

async function ownerWithBoard() {
  const owner = await signUp(server);
  const board = await boardIn(owner.organizationId, { zone: "Europe/Paris", weekStart: 1 });
  return { owner, org: owner.organizationId, board };
}

describe("copying a week", () => {
  it("makes drafts at the same wall-clock times, across a daylight-saving change", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const kitchen = await jobIn(org);
    const amal = await personIn(org);
    // The week of Monday 2026-03-23 in Paris: clocks go forward on Sunday the 29th (UTC+1 → UTC+2).
    await shiftIn(org, board, {
      user: amal.id,
      job: kitchen,
      starts: "2026-03-23T08:00:00Z", // Monday 09:00
      ends: "2026-03-23T16:00:00Z",
      breakMinutes: 30,
      note: "Inventory",
      published: true,
    });
    // Saturday 22:00 → Sunday 06:00 across the change: 7 real hours.
    await shiftIn(org, board, { user: amal.id, starts: "2026-03-28T21:00:00Z", ends: "2026-03-29T04:00:00Z" });
    // Sunday 09:00 (summer time).
    await shiftIn(org, board, { starts: "2026-03-29T07:00:00Z", ends: "2026-03-29T11:00:00Z" });

    const response = await copy(owner.access, { board_id: board, from: "2026-03-25", to: "2026-03-30" });
    expect(response.status).toBe(200);
    expect(response.json<CopyResult>()).toEqual({ created: 3, skipped: 0 });
    const copies = (await shiftRows(org)).filter((row) => iso(row.starts_at) >= "2026-03-30");
    expect(times(copies)).toEqual([
      ["2026-03-30T07:00:00.000Z", "2026-03-30T15:00:00.000Z"], // Monday 09:00–17:00, now UTC+2
      ["2026-04-04T20:00:00.000Z", "2026-04-05T04:00:00.000Z"], // Saturday 22:00 → Sunday 06:00: 8 hours
      ["2026-04-05T07:00:00.000Z", "2026-04-05T11:00:00.000Z"],
    ]);
    expect(copies[0]).toMatchObject({
      user_id: amal.account,
      job_id: kitchen,
      break_minutes: 30,
      note: "Inventory",
      published_at: null,
      created_by: owner.user.id,
      version: 1,
    });
    expect(copies[2]?.user_id).toBeNull();

    // And back into winter time: 09:00 is 08:00Z again.
    const back = await copy(owner.access, { board_id: board, from: "2026-03-30", to: "2026-03-16" });
    expect(back.json()).toEqual({ created: 3, skipped: 0 });
    const winter = (await shiftRows(org)).filter((row) => iso(row.starts_at) < "2026-03-23");
    expect(times(winter)).toEqual([
      ["2026-03-16T08:00:00.000Z", "2026-03-16T16:00:00.000Z"],
      ["2026-03-21T21:00:00.000Z", "2026-03-22T05:00:00.000Z"],
      ["2026-03-22T08:00:00.000Z", "2026-03-22T12:00:00.000Z"],
    ]);
    const [entry] = await auditEntries(org, "schedule.week_copied");
    expect(entry?.after).toMatchObject({ from: "2026-03-23", to: "2026-03-30", created: 3, skipped: 0 });
  });

  it("skips and counts archived people and jobs and shifts that would overlap; pending removals stay behind", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const amal = await personIn(org);
    const leaver = await personIn(org);
    const oldJob = await jobIn(org, { archived: true });
    await shiftIn(org, board, { user: amal.id, starts: "2026-06-01T07:00:00Z", ends: "2026-06-01T15:00:00Z" });
    await shiftIn(org, board, { user: amal.id, starts: "2026-06-02T07:00:00Z", ends: "2026-06-02T15:00:00Z" });
    await shiftIn(org, board, { user: leaver.id, starts: "2026-06-02T07:00:00Z", ends: "2026-06-02T15:00:00Z" });
    await shiftIn(org, board, { job: oldJob, starts: "2026-06-03T07:00:00Z", ends: "2026-06-03T15:00:00Z" });
    await shiftIn(org, board, { starts: "2026-06-03T07:00:00Z", ends: "2026-06-03T15:00:00Z" });
    await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-04T07:00:00Z",
      ends: "2026-06-04T15:00:00Z",
      deleted: true,
    });
    await setMemberStatus(org, leaver.id, "archived");
    // Amal already works Tuesday afternoon of the target week (another board).
    const elsewhere = await boardIn(org);
    await shiftIn(org, elsewhere, { user: amal.id, starts: "2026-06-09T12:00:00Z", ends: "2026-06-09T18:00:00Z" });

    const response = await copy(owner.access, { board_id: board, from: "2026-06-01", to: "2026-06-08" });
    expect(response.json()).toEqual({ created: 2, skipped: 3 });
    const copied = (await shiftRows(org)).filter(
      (row) => iso(row.starts_at) >= "2026-06-08" && row.job_scheduler_id === board,
    );
    expect(copied.map((row) => [iso(row.starts_at), row.user_id])).toEqual([
      ["2026-06-08T07:00:00.000Z", amal.account],
      ["2026-06-10T07:00:00.000Z", null],
    ]);

    // Again: everything is there already (the open shift too), so nothing is doubled.
    expect((await copy(owner.access, { board_id: board, from: "2026-06-01", to: "2026-06-08" })).json()).toEqual({
      created: 0,
      skipped: 5,
    });
  });

  it("refuses the same week, a date out of range and another organization's board, writing nothing", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const other = await ownerWithBoard();
    const amal = await personIn(org);
    await shiftIn(org, board, { user: amal.id, starts: "2026-06-01T07:00:00Z", ends: "2026-06-01T15:00:00Z" });
    const before = await scheduleFootprint(org);

    const same = await copy(owner.access, { board_id: board, from: "2026-06-01", to: "2026-06-07" });
    expect(same.status).toBe(422);
    expect(same.json()).toMatchObject({ code: "schedule_copy_same_week", fields: { to: "schedule.sameWeek" } });
    const range = await copy(owner.access, { board_id: board, from: "2026-06-01", to: "2100-01-04" });
    expect(range.status).toBe(400);
    expect(range.json()).toMatchObject({ fields: { to: "schedule.dateOutOfRange" } });
    expect((await copy(other.owner.access, { board_id: board, from: "2026-06-01", to: "2026-06-08" })).status).toBe(
      404,
    );
    const archived = await boardIn(org, { archived: true });
    expect((await copy(owner.access, { board_id: archived, from: "2026-06-01", to: "2026-06-08" })).status).toBe(404);

    expect(await scheduleFootprint(org)).toEqual(before);
  });

  it("is for whoever may manage the schedule", async () => {
    const { owner, org, board } = await ownerWithBoard();
    await shiftIn(org, board, { starts: "2026-06-01T07:00:00Z", ends: "2026-06-01T15:00:00Z" });
    const before = await scheduleFootprint(org);
    for (const who of [
      await memberOf(server, org, "EMPLOYEE"),
      await memberOf(server, org, "SUPERVISOR", ["view_scheduler"]),
      await memberOf(server, org, "SUPERVISOR"),
    ]) {
      expect((await copy(who.access, { board_id: board, from: "2026-06-01", to: "2026-06-08" })).status).toBe(403);
    }
    expect(await scheduleFootprint(org)).toEqual(before);
    const manager = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]);
    expect((await copy(manager.access, { board_id: board, from: "2026-06-01", to: "2026-06-08" })).json()).toEqual({
      created: 1,
      skipped: 0,
    });
    const admin = await platformAdminIn(server, org);
    expect((await copy(admin.access, { board_id: board, from: "2026-06-01", to: "2026-06-15" })).json()).toEqual({
      created: 1,
      skipped: 0,
    });
    expect((await copy(owner.access, { board_id: board, from: "2026-06-01", to: "2026-06-22" })).json()).toEqual({
      created: 1,
      skipped: 0,
    });
  });
});

describe("clearing a week's drafts", () => {
  const clear = (token: string, json: unknown) =>
    server.request("/api/schedule/clear-drafts", { method: "POST", headers: bearer(token), json });

  it("removes the week's never-published shifts on the board, and nothing else", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const amal = await personIn(org);
    const draftA = await shiftIn(org, board, { starts: "2026-06-01T07:00:00Z", ends: "2026-06-01T15:00:00Z" });
    const draftB = await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-07T07:00:00Z",
      ends: "2026-06-07T15:00:00Z",
    });
    const kept = [
      await shiftIn(org, board, {
        user: amal.id,
        starts: "2026-06-02T07:00:00Z",
        ends: "2026-06-02T15:00:00Z",
        published: true,
      }),
      await shiftIn(org, board, {
        user: amal.id,
        starts: "2026-06-03T08:00:00Z",
        ends: "2026-06-03T15:00:00Z",
        published: { starts: "2026-06-03T07:00:00Z" },
      }),
      await shiftIn(org, board, {
        user: amal.id,
        starts: "2026-06-04T07:00:00Z",
        ends: "2026-06-04T15:00:00Z",
        deleted: true,
      }),
      await shiftIn(org, board, { starts: "2026-06-08T07:00:00Z", ends: "2026-06-08T15:00:00Z" }), // next week
      await shiftIn(org, await boardIn(org), { starts: "2026-06-02T07:00:00Z", ends: "2026-06-02T15:00:00Z" }),
    ];

    const response = await clear(owner.access, { board_id: board, date: "2026-06-03" });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
    const left = (await shiftRows(org)).map((row) => row.id);
    expect(left).not.toContain(draftA);
    expect(left).not.toContain(draftB);
    expect(left.sort()).toEqual([...kept].sort());
    expect(await auditEntries(org, "schedule.drafts_cleared")).toHaveLength(1);
    expect((await clear(owner.access, { board_id: board, date: "2026-06-03" })).json()).toEqual({ count: 0 });
  });

  it("is refused for other organizations and for those who may not manage, writing nothing", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const other = await ownerWithBoard();
    await shiftIn(org, board, { starts: "2026-06-01T07:00:00Z", ends: "2026-06-01T15:00:00Z" });
    const before = await scheduleFootprint(org);
    expect((await clear(other.owner.access, { board_id: board, date: "2026-06-01" })).status).toBe(404);
    expect((await clear(owner.access, { board_id: other.board, date: "2026-06-01" })).status).toBe(404);
    for (const who of [
      await memberOf(server, org, "EMPLOYEE"),
      await memberOf(server, org, "SUPERVISOR", ["view_scheduler"]),
    ]) {
      expect((await clear(who.access, { board_id: board, date: "2026-06-01" })).status).toBe(403);
    }
    expect((await clear(owner.access, { board_id: board, date: "2026-13-01" })).status).toBe(400);
    expect(await scheduleFootprint(org)).toEqual(before);
    const admin = await platformAdminIn(server, org);
    expect((await clear(admin.access, { board_id: board, date: "2026-06-01" })).json()).toEqual({ count: 1 });
  });
});
