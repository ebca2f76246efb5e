import type { MyShift, MyShiftsResponse } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, personIn, setOrganizationCalendar, shiftIn } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const mine = (who: SignedUp, query = "") => server.request(`/api/my/shifts${query}`, { headers: bearer(who.access) });

/** Makes someone a member of another organization too (the same account in two teams). */
async function joinAlso(organizationId: string, userId: string) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    tx
      .insertInto("memberships")
      .values({ organization_id: organizationId, user_id: userId, role: "EMPLOYEE" })
      .execute(),
  );
}

describe("my shifts", () => {
  it("are my published shifts as I was told them, never drafts or anyone else's", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await setOrganizationCalendar(org, "Asia/Beirut", 1);
    const board = await boardIn(org, { name: "Downtown", zone: "Asia/Beirut" });
    const bar = await jobIn(org, { name: "Bar", color: "#c92a2a" });
    const me = await memberOf(server, org, "EMPLOYEE");
    const colleague = await personIn(org);

    const plain = await shiftIn(org, board, {
      user: me.user.id,
      job: bar,
      starts: "2026-06-08T06:00:00Z",
      ends: "2026-06-08T14:00:00Z",
      breakMinutes: 30,
      note: "Stock count",
      published: true,
    });
    // A manager moved it an hour later and changed the note, unpublished: I still see what I was told.
    const pending = await shiftIn(org, board, {
      user: me.user.id,
      starts: "2026-06-09T07:00:00Z",
      ends: "2026-06-09T15:00:00Z",
      note: "new note",
      published: { starts: "2026-06-09T06:00:00Z", ends: "2026-06-09T14:00:00Z", note: "old note" },
    });
    const removalPending = await shiftIn(org, board, {
      user: me.user.id,
      starts: "2026-06-12T06:00:00Z",
      ends: "2026-06-12T07:00:00Z",
      deleted: true,
    });
    await shiftIn(org, board, { user: me.user.id, starts: "2026-06-10T06:00:00Z", ends: "2026-06-10T14:00:00Z" }); // a draft
    await shiftIn(org, board, {
      user: colleague.id,
      starts: "2026-06-10T06:00:00Z",
      ends: "2026-06-10T14:00:00Z",
      published: true,
    });
    // Drafted to me, still published to my colleague: not mine yet.
    await shiftIn(org, board, {
      user: me.user.id,
      starts: "2026-06-11T06:00:00Z",
      ends: "2026-06-11T08:00:00Z",
      published: { user: colleague.id },
    });
    // My shift in another organization I also work for.
    const other = await signUp(server);
    await joinAlso(other.organizationId, me.user.id);
    await shiftIn(other.organizationId, await boardIn(other.organizationId), {
      user: me.user.id,
      starts: "2026-06-09T18:00:00Z",
      ends: "2026-06-09T20:00:00Z",
      published: true,
    });

    const response = await mine(me, "?from=2026-06-01&to=2026-06-30");
    expect(response.status).toBe(200);
    const body = response.json<{ shifts: MyShift[]; time_zone: string }>();
    expect(body.time_zone).toBe("Asia/Beirut");
    expect(body.shifts.map((shift) => shift.id)).toEqual([plain, pending, removalPending]);
    expect(body.shifts[0]).toEqual({
      id: plain,
      starts_at: "2026-06-08T06:00:00.000Z",
      ends_at: "2026-06-08T14:00:00.000Z",
      break_minutes: 30,
      note: "Stock count",
      time_zone: "Asia/Beirut",
      board: { id: board, name: "Downtown" },
      job: { id: bar, name: "Bar", color: "#c92a2a" },
    });
    expect(body.shifts[1]).toMatchObject({
      starts_at: "2026-06-09T06:00:00.000Z",
      ends_at: "2026-06-09T14:00:00.000Z",
      note: "old note",
      job: null,
    });

    // The days are read in the organization's zone: 2026-06-08 starts at 2026-06-07T21:00Z in Beirut.
    const oneDay = await mine(me, "?from=2026-06-08&to=2026-06-08");
    expect(oneDay.json<{ shifts: MyShift[] }>().shifts.map((shift) => shift.id)).toEqual([plain]);

    // In the other organization, only that one.
    const there = await server.request("/api/organizations/select", {
      method: "POST",
      headers: bearer(me.access),
      json: { organization_id: other.organizationId },
    });
    expect(there.status).toBe(200);
    const elsewhere = await server.request("/api/my/shifts?from=2026-06-01&to=2026-06-30", {
      headers: bearer(there.json<{ access: string }>().access),
    });
    expect(elsewhere.json<{ shifts: MyShift[] }>().shifts.map((shift) => shift.starts_at)).toEqual([
      "2026-06-09T18:00:00.000Z",
    ]);
  });

  it("default to yesterday through four weeks ahead", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org, { zone: "UTC" });
    const me = await memberOf(server, org, "EMPLOYEE");
    const day = 86_400_000;
    const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
    const soon = await shiftIn(org, board, { user: me.user.id, starts: at(2), ends: at(2.1), published: true });
    await shiftIn(org, board, { user: me.user.id, starts: at(40), ends: at(40.1), published: true });
    await shiftIn(org, board, { user: me.user.id, starts: at(-5), ends: at(-4.9), published: true });
    const response = await mine(me);
    expect(response.json<{ shifts: MyShift[] }>().shifts.map((shift) => shift.id)).toEqual([soon]);
  });

  it("answer a week as the organization counts it: its week start, in its zone", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await setOrganizationCalendar(org, "Asia/Beirut", 6); // weeks start on Saturday
    const board = await boardIn(org, { zone: "Asia/Beirut" });
    const me = await memberOf(server, org, "EMPLOYEE");
    // Saturday 2026-06-06 00:30 in Beirut is still Friday in UTC.
    const saturday = await shiftIn(org, board, {
      user: me.user.id,
      starts: "2026-06-05T21:30:00Z",
      ends: "2026-06-06T05:30:00Z",
      published: true,
    });
    const friday = await shiftIn(org, board, {
      user: me.user.id,
      starts: "2026-06-12T06:00:00Z",
      ends: "2026-06-12T14:00:00Z",
      published: true,
    });
    await shiftIn(org, board, {
      user: me.user.id,
      starts: "2026-06-13T06:00:00Z",
      ends: "2026-06-13T07:00:00Z",
      published: true,
    });

    const response = await mine(me, "?week=2026-06-10");
    expect(response.status).toBe(200);
    const body = response.json<MyShiftsResponse>();
    expect(body).toMatchObject({ time_zone: "Asia/Beirut", week_start: 6, from: "2026-06-06", to: "2026-06-12" });
    expect(body.shifts.map((shift) => shift.id)).toEqual([saturday, friday]);

    const both = await mine(me, "?week=2026-06-10&from=2026-06-01");
    expect(both.status).toBe(422);
    expect(both.json()).toMatchObject({ code: "my_shifts_week_or_range", fields: { week: "schedule.weekOrRange" } });
  });

  it("refuse a backwards or too long range", async () => {
    const owner = await signUp(server);
    const backwards = await mine(owner, "?from=2026-06-10&to=2026-06-01");
    expect(backwards.status).toBe(422);
    expect(backwards.json()).toMatchObject({
      code: "my_shifts_end_before_start",
      fields: { to: "schedule.endBeforeStart" },
    });
    const long = await mine(owner, "?from=2026-01-01&to=2027-06-01");
    expect(long.status).toBe(422);
    expect(long.json()).toMatchObject({ code: "my_shifts_range_too_long", fields: { to: "schedule.dateOutOfRange" } });
    expect((await mine(owner, "?from=2026-02-30")).status).toBe(400);
  });

  it("answer anyone in the organization, a platform admin with none, and nobody signed out", async () => {
    const owner = await signUp(server);
    expect((await mine(owner)).json()).toMatchObject({ shifts: [] });
    const admin = await platformAdminIn(server, owner.organizationId);
    expect((await mine(admin)).status).toBe(200);
    expect((await server.request("/api/my/shifts")).status).toBe(403);
  });
});
