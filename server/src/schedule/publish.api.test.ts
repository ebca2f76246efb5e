import type { PublishResponse } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, newEmail, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { setBoardArchived } from "../../test/board-fixtures.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import {
  auditEntries,
  boardIn,
  jobIn,
  outboxTo,
  personIn,
  scheduleFootprint,
  setOrganizationCalendar,
  shiftIn,
  shiftRow,
  shiftRows,
} from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { publishSchedule } from "./publish.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const publish = (token: string, json: unknown) =>
  server.request("/api/schedule/publish", { method: "POST", headers: bearer(token), json });

/** Paris is UTC+2 in the week of Monday 2026-03-30: 09:00 there is 07:00Z. */
const WEEK = "2026-03-30";
const at = (day: string, time: string) => `${day}T${time}:00.000Z`;

async function ownerWithBoard() {
  const owner = await signUp(server);
  const board = await boardIn(owner.organizationId, { name: "Downtown", zone: "Europe/Paris", weekStart: 1 });
  return { owner, org: owner.organizationId, board };
}

describe("publishing a week", () => {
  it("publishes drafts and changes, removes pending removals, and tells each affected person once, in their language", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const kitchen = await jobIn(org, { name: "Kitchen" });
    const amal = await personIn(org, { language: "en", firstName: "Amal" });
    const bilal = await personIn(org, {
      phone: null,
      email: newEmail(),
      emailVerified: true,
      language: "fr",
      firstName: "Bilal",
    });
    const carla = await personIn(org, { language: "ar" });
    const dani = await personIn(org, { language: "es" });
    const elie = await personIn(org, { language: "en" });
    const invitee = await personIn(org, { status: "invited" });
    const unproven = await personIn(org, { phone: null, email: newEmail(), emailVerified: false });

    const amalMonday = await shiftIn(org, board, {
      user: amal.id,
      job: kitchen,
      starts: at("2026-03-30", "07:00"),
      ends: at("2026-03-30", "15:00"),
    });
    await shiftIn(org, board, {
      user: amal.id,
      job: kitchen,
      starts: at("2026-03-31", "07:00"),
      ends: at("2026-03-31", "15:00"),
    });
    // Bilal's Wednesday moved from 09:00–17:00 to 10:00–18:00; his Thursday did not change.
    const bilalChanged = await shiftIn(org, board, {
      user: bilal.id,
      starts: at("2026-04-01", "08:00"),
      ends: at("2026-04-01", "16:00"),
      published: { starts: at("2026-04-01", "07:00"), ends: at("2026-04-01", "15:00") },
    });
    const bilalSame = await shiftIn(org, board, {
      user: bilal.id,
      starts: at("2026-04-02", "07:00"),
      ends: at("2026-04-02", "15:00"),
      published: true,
    });
    // Carla's Thursday went to Dani.
    const handedOver = await shiftIn(org, board, {
      user: dani.id,
      starts: at("2026-04-02", "10:00"),
      ends: at("2026-04-02", "14:00"),
      published: { user: carla.id },
    });
    const removed = await shiftIn(org, board, {
      user: elie.id,
      starts: at("2026-04-03", "07:00"),
      ends: at("2026-04-03", "15:00"),
      deleted: true,
    });
    await shiftIn(org, board, { user: invitee.id, starts: at("2026-04-03", "07:00"), ends: at("2026-04-03", "15:00") });
    await shiftIn(org, board, {
      user: unproven.id,
      starts: at("2026-04-04", "07:00"),
      ends: at("2026-04-04", "15:00"),
    });
    const open = await shiftIn(org, board, { starts: at("2026-04-04", "07:00"), ends: at("2026-04-04", "15:00") });
    const nextWeek = await shiftIn(org, board, {
      user: amal.id,
      starts: at("2026-04-06", "07:00"),
      ends: at("2026-04-06", "15:00"),
    });
    const lastWeek = await shiftIn(org, board, {
      user: amal.id,
      starts: at("2026-03-23", "08:00"),
      ends: at("2026-03-23", "16:00"),
    });
    const otherBoard = await boardIn(org, { zone: "Europe/Paris" });
    const elsewhere = await shiftIn(org, otherBoard, {
      user: elie.id,
      starts: at("2026-03-31", "07:00"),
      ends: at("2026-03-31", "09:00"),
    });

    const response = await publish(owner.access, { board, date: "2026-04-01" });
    expect(response.status).toBe(200);
    expect(response.json<PublishResponse>()).toEqual({ published: 7, removed: 1, notified: 5 });

    const after = await shiftRows(org);
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.has(removed)).toBe(false);
    for (const id of [amalMonday, bilalChanged, handedOver, open]) {
      const row = byId.get(id);
      expect(row?.published_at).not.toBeNull();
      expect(new Date(row?.published_starts_at as Date).toISOString()).toBe(
        new Date(row?.starts_at as Date).toISOString(),
      );
      expect(row?.published_user_id).toBe(row?.user_id);
    }
    expect(byId.get(bilalChanged)?.published_starts_at).toEqual(new Date(at("2026-04-01", "08:00")));
    expect(byId.get(handedOver)?.published_user_id).toBe(dani.account);
    // Untouched: what was already published, other weeks, other boards.
    expect(byId.get(bilalSame)?.published_at).toEqual((await shiftRow(org, bilalSame))?.published_at);
    for (const id of [nextWeek, lastWeek, elsewhere]) expect(byId.get(id)?.published_at).toBeNull();

    const messages = await outboxTo([
      amal.phone,
      bilal.email,
      carla.phone,
      dani.phone,
      elie.phone,
      invitee.phone,
      unproven.email,
    ]);
    expect(messages.map((message) => message.recipient).sort()).toEqual(
      [amal.phone, bilal.email, carla.phone, dani.phone, elie.phone].sort(),
    );
    const to = (recipient: string | null) => messages.find((message) => message.recipient === recipient);

    const amalText = to(amal.phone);
    expect(amalText).toMatchObject({ channel: "sms", language: "en" });
    expect(amalText?.body).toContain("Cedar Café: 2 new shifts.");
    expect(amalText?.body).toContain("New: Mon, Mar 30 9:00 AM–5:00 PM (Kitchen)");
    expect(amalText?.body).toContain("New: Tue, Mar 31 9:00 AM–5:00 PM (Kitchen)");
    expect(amalText?.body).toContain("http://localhost:3000/my");

    const bilalMail = to(bilal.email);
    expect(bilalMail).toMatchObject({
      channel: "email",
      language: "fr",
      subject: "Cedar Café : votre planning a changé",
    });
    expect(bilalMail?.body).toContain("Bonjour Bilal");
    expect(bilalMail?.body).toContain("1 créneau modifié");
    expect(bilalMail?.body).toMatch(/Modifié : mer\. 1 avr\.? 10:00–18:00 \(Downtown\)/);
    expect(bilalMail?.body).not.toContain("jeu."); // the unchanged Thursday is not news

    expect(to(carla.phone)).toMatchObject({ channel: "sms", language: "ar" });
    expect(to(carla.phone)?.body).toContain("أُلغيت وردية واحدة");
    expect(to(dani.phone)?.body).toContain("1 turno nuevo");
    expect(to(elie.phone)?.body).toContain("1 shift removed");
    expect(to(elie.phone)?.body).toContain("Removed: Fri, Apr 3 9:00 AM–5:00 PM");

    const [entry] = await auditEntries(org, "schedule.published");
    expect(entry).toMatchObject({ actor_user_id: owner.user.id, target_type: "job_scheduler", target_id: board });
    expect(entry?.after).toMatchObject({ published: 7, removed: 1, notified: 5 });

    // Nothing new: nobody is told twice.
    const again = await publish(owner.access, { board, date: WEEK });
    expect(again.json()).toEqual({ published: 0, removed: 0, notified: 0 });
    expect(await outboxTo([amal.phone, bilal.email, carla.phone, dani.phone, elie.phone])).toHaveLength(5);
    expect(await auditEntries(org, "schedule.published")).toHaveLength(1);
  });

  it("sums up many changes and lists only the first few", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const amal = await personIn(org, { language: "en" });
    for (const day of ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02"]) {
      await shiftIn(org, board, { user: amal.id, starts: at(day, "07:00"), ends: at(day, "09:00") });
    }
    expect((await publish(owner.access, { board, date: WEEK })).json()).toEqual({
      published: 4,
      removed: 0,
      notified: 1,
    });
    const [message] = await outboxTo([amal.phone]);
    expect(message?.body).toContain("4 new shifts");
    expect(message?.body).toContain("Mon, Mar 30");
    expect(message?.body).toContain("Tue, Mar 31");
    expect(message?.body).not.toContain("Wed, Apr 1");
    expect(message?.body).toContain("and 2 more");
  });

  it("of all boards uses the organization's week and publishes every active board's shifts on its days", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await setOrganizationCalendar(org, "Asia/Beirut", 0);
    const east = await boardIn(org, { zone: "Asia/Beirut", weekStart: 0 });
    const west = await boardIn(org, { zone: "America/New_York", weekStart: 1 });
    const archived = await boardIn(org, { archived: true });
    const person = await personIn(org);
    // Beirut's week of Sunday 2026-06-07 runs from 2026-06-06T21:00Z to 2026-06-13T21:00Z.
    const a = await shiftIn(org, east, {
      user: person.id,
      starts: "2026-06-07T06:00:00Z",
      ends: "2026-06-07T10:00:00Z",
    });
    const b = await shiftIn(org, west, {
      user: person.id,
      starts: "2026-06-13T18:00:00Z",
      ends: "2026-06-13T20:00:00Z",
    });
    const c = await shiftIn(org, archived, { starts: "2026-06-08T06:00:00Z", ends: "2026-06-08T10:00:00Z" });
    // Each shift is on its board's day: 18:00 on New York's Saturday is in the week (Beirut's Sunday 01:00)...
    const late = await shiftIn(org, west, { starts: "2026-06-13T22:00:00Z", ends: "2026-06-13T23:00:00Z" });
    // ...and 00:30 on New York's Sunday is not.
    const outside = await shiftIn(org, west, { starts: "2026-06-14T04:30:00Z", ends: "2026-06-14T05:30:00Z" });

    const response = await publish(owner.access, { board: "all", date: "2026-06-10" });
    expect(response.json()).toEqual({ published: 3, removed: 0, notified: 1 });
    const rows = new Map((await shiftRows(org)).map((row) => [row.id, row.published_at !== null]));
    expect([a, b, late, c, outside].map((id) => rows.get(id))).toEqual([true, true, true, false, false]);
    const [message] = await outboxTo([person.phone]);
    expect(message?.body).toContain("2 new shifts");
  });
});

describe("publishing chosen shifts", () => {
  it("publishes just those, and tells their people once", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const amal = await personIn(org);
    const one = await shiftIn(org, board, {
      user: amal.id,
      starts: at("2026-03-30", "07:00"),
      ends: at("2026-03-30", "15:00"),
    });
    const two = await shiftIn(org, board, {
      user: amal.id,
      starts: at("2026-04-14", "07:00"),
      ends: at("2026-04-14", "15:00"),
    });
    const left = await shiftIn(org, board, {
      user: amal.id,
      starts: at("2026-03-31", "07:00"),
      ends: at("2026-03-31", "15:00"),
    });

    const response = await publish(owner.access, { ids: [one, two, one.toUpperCase()] });
    expect(response.json()).toEqual({ published: 2, removed: 0, notified: 1 });
    expect((await shiftRow(org, left))?.published_at).toBeNull();
    expect((await shiftRow(org, two))?.published_at).not.toBeNull();
    expect(await outboxTo([amal.phone])).toHaveLength(1);
    const [entry] = await auditEntries(org, "schedule.published");
    expect(entry).toMatchObject({ target_type: "organization", target_id: org });
  });

  it("refuses an unknown id or another organization's, publishing nothing", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const other = await ownerWithBoard();
    const amal = await personIn(org);
    const mine = await shiftIn(org, board, {
      user: amal.id,
      starts: at("2026-03-30", "07:00"),
      ends: at("2026-03-30", "15:00"),
    });
    const theirPerson = await personIn(other.org);
    const theirs = await shiftIn(other.org, other.board, {
      user: theirPerson.id,
      starts: at("2026-03-30", "07:00"),
      ends: at("2026-03-30", "15:00"),
    });
    // A shift of an archived board is frozen: it is not published, and nobody hears of it.
    const shelved = await boardIn(org, { zone: "Asia/Beirut" });
    const frozen = await shiftIn(org, shelved, {
      user: amal.id,
      starts: at("2026-03-31", "07:00"),
      ends: at("2026-03-31", "15:00"),
    });
    await setBoardArchived(org, shelved, true);
    const before = await scheduleFootprint(org);
    const theirsBefore = await scheduleFootprint(other.org);

    for (const ids of [
      [mine, theirs],
      [mine, "00000000-0000-4000-8000-000000000000"],
      [mine, frozen],
    ]) {
      const response = await publish(owner.access, { ids });
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found" });
    }
    // Another organization's board and week.
    expect((await publish(owner.access, { board: other.board, date: WEEK })).status).toBe(404);
    expect((await publish(other.owner.access, { board, date: WEEK })).status).toBe(404);
    expect((await publish(other.owner.access, { ids: [mine] })).status).toBe(404);

    expect(await scheduleFootprint(org)).toEqual(before);
    expect(await scheduleFootprint(other.org)).toEqual(theirsBefore);
    expect(await outboxTo([amal.phone, theirPerson.phone])).toEqual([]);
  });

  it("refuses an empty selection and a bad date", async () => {
    const { owner, board } = await ownerWithBoard();
    const empty = await publish(owner.access, { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields).toBeDefined();
    expect((await publish(owner.access, { board, date: "2026-02-30" })).status).toBe(400);
    expect((await publish(owner.access, { board, date: "2150-01-01" })).status).toBe(400);
    expect((await publish(owner.access, { board: "nope", date: WEEK })).status).toBe(400);
  });
});

describe("publishing is all or nothing", () => {
  it("keeps every draft when queuing the messages fails half-way", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const amal = await personIn(org);
    await shiftIn(org, board, { user: amal.id, starts: at("2026-03-30", "07:00"), ends: at("2026-03-30", "15:00") });
    await shiftIn(org, board, {
      user: amal.id,
      starts: at("2026-03-31", "07:00"),
      ends: at("2026-03-31", "15:00"),
      deleted: true,
    });
    const before = await scheduleFootprint(org);
    const { db } = await testDatabase();
    const actor = { userId: owner.user.id, organizationId: org, role: "OWNER" as const, permissions: [] };
    await expect(
      withOrganization(db, org, (tx) =>
        publishSchedule(
          tx,
          actor,
          { board, date: WEEK },
          {
            publicUrl: "http://localhost:3000",
            smsCountries: ["LB"],
            enqueue: async () => {
              throw new Error("the outbox is down");
            },
          },
        ),
      ),
    ).rejects.toThrow("the outbox is down");
    expect(await scheduleFootprint(org)).toEqual(before);
    expect(await outboxTo([amal.phone])).toEqual([]);
  });
});

describe("who may publish", () => {
  it("is whoever may manage the schedule: OWNER, SUPERVISOR with manage_scheduler, platform ADMIN", async () => {
    const { owner, org, board } = await ownerWithBoard();
    const amal = await personIn(org);
    const refused: [SignedUp, number][] = [
      [await memberOf(server, org, "EMPLOYEE"), 403],
      [await memberOf(server, org, "SUPERVISOR", ["view_scheduler"]), 403],
      [await memberOf(server, org, "SUPERVISOR", ["view_timesheet"]), 403],
    ];
    await shiftIn(org, board, { user: amal.id, starts: at("2026-03-30", "07:00"), ends: at("2026-03-30", "15:00") });
    const before = await scheduleFootprint(org);
    for (const [who, status] of refused) {
      const response = await publish(who.access, { board, date: WEEK });
      expect(response.status).toBe(status);
      expect(response.json()).toMatchObject({ code: "forbidden" });
    }
    expect(await scheduleFootprint(org)).toEqual(before);
    expect(await outboxTo([amal.phone])).toEqual([]);

    const manager = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]);
    expect((await publish(manager.access, { board, date: WEEK })).json()).toMatchObject({ published: 1, notified: 1 });
    await shiftIn(org, board, { user: amal.id, starts: at("2026-03-31", "07:00"), ends: at("2026-03-31", "15:00") });
    const admin = await platformAdminIn(server, org);
    expect((await publish(admin.access, { board, date: WEEK })).json()).toMatchObject({ published: 1, notified: 1 });
    await shiftIn(org, board, { user: amal.id, starts: at("2026-04-01", "07:00"), ends: at("2026-04-01", "15:00") });
    expect((await publish(owner.access, { board, date: WEEK })).json()).toMatchObject({ published: 1, notified: 1 });
  });

  it("needs a signed-in session", async () => {
    const response = await server.request("/api/schedule/publish", {
      method: "POST",
      json: { ids: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(response.status).toBe(403);
  });
});
