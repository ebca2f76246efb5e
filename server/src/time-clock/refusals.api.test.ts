import { randomUUID } from "node:crypto";
import type { LiveResponse } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, setOrganizationCalendar, zoneAtNoon } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const punch = (who: SignedUp, json: Record<string, unknown>) =>
  server.request("/api/my/punches", {
    method: "POST",
    headers: bearer(who.access),
    json: { id: randomUUID(), ...json },
  });
const live = async (who: SignedUp, scope = "all") =>
  (await server.request(`/api/time-clock/boards/${scope}/live`, { headers: bearer(who.access) })).json<LiveResponse>();

async function kept(organizationId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, (tx) =>
    tx.selectFrom("time_punch_refusals").selectAll().orderBy("received_at").execute(),
  );
}

/** An organization where it is about noon now: "today" holds the last hours whenever the test runs. */
async function team() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const { zone, weekday } = zoneAtNoon();
  await setOrganizationCalendar(org, zone, weekday);
  const me = await memberOf(server, org, "EMPLOYEE");
  return { owner, org, me };
}

describe("refused punches", () => {
  it("are kept for the manager once each, with why, and listed in today's live view", async () => {
    const { owner, org, me } = await team();
    expect((await punch(me, { kind: "clock_in", at: ago(10) })).status).toBe(201);
    const twice = { id: randomUUID(), kind: "clock_in", at: ago(1) };
    // Refused, then sent again by the phone (a retry): one attempt.
    expect((await punch(me, twice)).status).toBe(409);
    expect((await punch(me, twice)).status).toBe(409);

    const rows = await kept(org);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: twice.id,
      user_id: me.user.id,
      kind: "clock_in",
      reason: "timeClock.alreadyIn",
    });
    expect(new Date(rows[0]?.happened_at ?? 0).toISOString()).toBe(twice.at);

    const { refused } = await live(owner);
    expect(refused).toEqual([
      {
        id: twice.id,
        user_id: me.user.person_id,
        first_name: expect.any(String),
        last_name: expect.any(String),
        kind: "clock_in",
        at: twice.at,
        received_at: expect.any(String),
        reason: "timeClock.alreadyIn",
      },
    ]);
  });

  it("keep a refused position only while the organization checks sites", async () => {
    const { org, me } = await team();
    const job = await jobIn(org, { name: "Site" });
    const { db } = await testDatabase();
    await withOrganization(db, org, async (tx) => {
      await tx
        .updateTable("jobs")
        .set({ latitude: 33.9, longitude: 35.5, radius_m: 100 })
        .where("id", "=", job)
        .execute();
      await tx
        .updateTable("organization_settings")
        .set({ location_policy: "refuse" })
        .where("organization_id", "=", org)
        .execute();
    });
    const away = { latitude: 33.95, longitude: 35.5, accuracy: 10 };
    const refused = await punch(me, { kind: "clock_in", at: ago(0), job_id: job, location: away });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({ code: "time_punch_outside_site" });
    // Refused for another reason, where it was is none of the record's business.
    expect((await punch(me, { kind: "clock_out", at: ago(0), location: away })).status).toBe(409);

    const rows = await kept(org);
    expect(rows.map((row) => [row.reason, row.latitude, row.accuracy_m])).toEqual([
      ["timeClock.outsideSite", 33.95, 10],
      ["timeClock.notIn", null, null],
    ]);
  });

  it("are kept at most 20 a day a person (each still refused), and counted in all", async () => {
    const { owner, org, me } = await team();
    const answers = [];
    for (let i = 0; i < 22; i++) answers.push((await punch(me, { kind: "break_end", at: ago(0) })).status);
    expect(new Set(answers)).toEqual(new Set([409]));
    expect(await kept(org)).toHaveLength(20);
    const today = await live(owner);
    expect(today.refused_total).toBe(20);
    expect(today.refused).toHaveLength(20);
  });

  it("are not kept when the request itself is wrong, the id was used for another punch, or it is someone else's", async () => {
    const { org, me } = await team();
    const stranger = await signUp(server);
    expect((await punch(me, { kind: "clock_in", at: "yesterday" })).status).toBe(400);
    const first = { id: randomUUID(), kind: "clock_in", at: ago(2) };
    expect((await punch(me, first)).status).toBe(201);
    expect((await punch(me, { ...first, kind: "clock_out" })).status).toBe(409); // the same id, another punch
    expect((await punch(me, { kind: "clock_out", at: ago(0), organization_id: stranger.organizationId })).status).toBe(
      403,
    );
    expect(await kept(org)).toEqual([]);
  });

  it("are shown to those who may see the time clock, within the board and the organization", async () => {
    const { owner, org, me } = await team();
    const board = await boardIn(org, { name: "Elsewhere" });
    const stranger = await signUp(server);
    expect((await punch(me, { kind: "clock_out", at: ago(0) })).status).toBe(409);
    expect((await live(owner)).refused.map((item) => item.user_id)).toEqual([me.user.person_id]);
    // Not on that board: not in its live view.
    expect((await live(owner, board)).refused).toEqual([]);
    expect((await live(stranger)).refused).toEqual([]);
    expect((await server.request("/api/time-clock/boards/all/live", { headers: bearer(me.access) })).status).toBe(403);
  });
});
