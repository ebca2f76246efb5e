import type { CalendarFeedResponse } from "@workshift/contracts";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, personIn, setMemberStatus, shiftIn } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const feed = (who: SignedUp, method = "GET") =>
  server.request("/api/my/calendar-feed", { method, headers: bearer(who.access) });
async function makeFeed(who: SignedUp): Promise<string> {
  const response = await feed(who, "POST");
  expect(response.status).toBe(201);
  const body = response.json<CalendarFeedResponse>();
  expect(body.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(body.url as string).pathname;
}
const ics = (path: string) => server.request(path);

/** The .ics lines, long lines unfolded (RFC 5545 §3.1). */
const lines = (text: string) => text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
/** Each VEVENT as its properties. */
function events(text: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines(text)) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      found.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(":");
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return found;
}
const icsTime = (iso: string) => `${iso.slice(0, 19).replace(/[-:]/g, "")}Z`;

/** The next daylight-saving change in Paris within the feed's window (the past 30 days to 180 ahead). */
function nearbyParisChange(): DateTime {
  let day = DateTime.now().setZone("Europe/Paris").minus({ days: 28 }).startOf("day");
  for (let i = 0; i < 206; i += 1) {
    if (day.endOf("day").offset !== day.offset) return day;
    day = day.plus({ days: 1 });
  }
  throw new Error("no daylight-saving change in the window");
}

describe("my calendar feed", () => {
  it("is a secret URL whose .ics lists my published shifts in this organization, in true UTC instants", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await withOrganization((await testDatabase()).db, org, (tx) =>
      tx
        .updateTable("organizations")
        .set({ address: "Hamra St. 12", zip_code: "1103 2040" })
        .where("id", "=", org)
        .execute(),
    );
    const board = await boardIn(org, { name: "Downtown", zone: "Europe/Paris" });
    const bar = await jobIn(org, { name: "Bar", address: "Rue Gouraud 12, Beirut" });
    const me = await memberOf(server, org, "EMPLOYEE");
    const colleague = await personIn(org);

    expect((await feed(me)).json()).toEqual({ url: null, active: false, created_at: null });

    // A night shift across the coming (or just past) clock change: 22:00 → 06:00 on the wall, 7 or 9 real hours.
    const change = nearbyParisChange();
    const nightStart = change.minus({ days: 1 }).set({ hour: 22 }).toUTC().toISO() as string;
    const nightEnd = change.set({ hour: 6 }).toUTC().toISO() as string;
    const hours = (Date.parse(nightEnd) - Date.parse(nightStart)) / 3_600_000;
    expect([7, 9]).toContain(hours);
    const night = await shiftIn(org, board, {
      user: me.user.id,
      job: bar,
      starts: nightStart,
      ends: nightEnd,
      note: "Close the bar, then count the till",
      published: true,
    });
    const day = 86_400_000;
    // One "now" for the whole test: the expectations below recompute these instants to the second.
    const now = Date.now();
    const at = (offsetDays: number) => new Date(now + offsetDays * day).toISOString();
    // Changed since publishing: the feed keeps what I was told.
    const moved = await shiftIn(org, board, {
      user: me.user.id,
      starts: at(3.5),
      ends: at(3.6),
      published: { starts: at(3), ends: at(3.1) },
    });
    await shiftIn(org, board, { user: me.user.id, starts: at(4), ends: at(4.1) }); // draft
    await shiftIn(org, board, { user: colleague.id, starts: at(5), ends: at(5.1), published: true });
    await shiftIn(org, board, { user: me.user.id, starts: at(-40), ends: at(-39.9), published: true }); // too old
    await shiftIn(org, board, { user: me.user.id, starts: at(200), ends: at(200.1), published: true }); // too far
    // My shift in another organization never shows in this one's feed.
    const other = await signUp(server);
    const { db } = await testDatabase();
    await withOrganization(db, other.organizationId, (tx) =>
      tx
        .insertInto("memberships")
        .values({ organization_id: other.organizationId, user_id: me.user.id, role: "EMPLOYEE" })
        .execute(),
    );
    await shiftIn(other.organizationId, await boardIn(other.organizationId), {
      user: me.user.id,
      starts: at(6),
      ends: at(6.1),
      published: true,
    });

    const path = await makeFeed(me);
    const response = await ics(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    expect(lines(response.text)[0]).toBe("BEGIN:VCALENDAR");
    expect(response.text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    const byUid = new Map(events(response.text).map((event) => [event.UID, event]));
    expect(byUid.get(night)).toMatchObject({
      UID: night,
      DTSTART: icsTime(nightStart),
      DTEND: icsTime(nightEnd),
      SUMMARY: "Bar",
      LOCATION: "Rue Gouraud 12\\, Beirut",
      // The job, the board and the address say where; then the note.
      DESCRIPTION:
        "Job: Bar\\nSchedule: Downtown\\nAddress: Rue Gouraud 12\\, Beirut\\nNote: Close the bar\\, then count the till",
    });
    // No job: the board names it, and the company's address is where.
    expect(byUid.get(moved)).toMatchObject({
      UID: moved,
      DTSTART: icsTime(at(3)),
      SUMMARY: "Downtown",
      LOCATION: "Hamra St. 12\\, 1103 2040",
      DESCRIPTION: "Schedule: Downtown\\nAddress: Hamra St. 12\\, 1103 2040",
    });

    // Asking again says it exists, without showing the secret again.
    expect((await feed(me)).json()).toMatchObject({ url: null, active: true });
  });

  it("is replaced by a new URL (the old one stops working) and revoked", async () => {
    const owner = await signUp(server);
    const me = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const first = await makeFeed(me);
    expect((await ics(first)).status).toBe(200);
    const second = await makeFeed(me);
    expect(second).not.toBe(first);
    expect((await ics(first)).status).toBe(404);
    expect((await ics(second)).status).toBe(200);

    const revoked = await feed(me, "DELETE");
    expect(revoked.status).toBe(204);
    expect((await ics(second)).status).toBe(404);
    expect((await feed(me)).json()).toEqual({ url: null, active: false, created_at: null });
    expect((await feed(me, "DELETE")).status).toBe(204);
  });

  it("answers 404 for a token nobody holds, a malformed one, and someone no longer in the team", async () => {
    const owner = await signUp(server);
    const me = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const path = await makeFeed(me);
    expect((await ics(`/api/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await ics("/api/calendar/short.ics")).status).toBe(404);
    expect((await ics(`${path.slice(0, -5)}B.ics`)).status).toBe(404);
    await setMemberStatus(owner.organizationId, me.user.id, "archived");
    expect((await ics(path)).status).toBe(404);
  });

  it("dies when the person is archived: restoring them does not bring the old address back", async () => {
    const owner = await signUp(server);
    const me = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const path = await makeFeed(me);
    const people = (action: string) =>
      server.request(`/api/people/${me.user.person_id}/${action}`, { method: "POST", headers: bearer(owner.access) });
    expect((await people("archive")).status).toBe(200);
    expect((await people("restore")).status).toBe(200);
    expect((await ics(path)).status).toBe(404);
  });

  it("belongs to members: a platform admin working in the organization has none to make", async () => {
    const owner = await signUp(server);
    const admin = await platformAdminIn(server, owner.organizationId);
    expect((await feed(admin)).json()).toMatchObject({ active: false });
    const refused = await feed(admin, "POST");
    expect(refused.status).toBe(403);
    expect((await feed(owner, "POST")).headers.get("cache-control")).toBe("no-store");
    expect((await server.request("/api/my/calendar-feed", { method: "POST" })).status).toBe(403);
  });
});
