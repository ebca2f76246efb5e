import { randomUUID } from "node:crypto";
import type { ClockStatus, PunchResponse } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, type SignedUp, signUp } from "../../test/auth.ts";
import { personJobs } from "../../test/board-fixtures.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { jobIn } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

/**
 * A position is asked for and kept only when it is checked against a job's
 * site: a new organization (no job has a site) asks nobody and keeps
 * nothing; once a job has a site, clock-ins and clock-outs to it carry one,
 * and breaks and other jobs still do not.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
const here = { latitude: 33.9003, longitude: 35.5, accuracy: 10 };

const punch = (who: SignedUp, body: Record<string, unknown>) =>
  server.request("/api/my/punches", {
    method: "POST",
    headers: bearer(who.access),
    json: { id: randomUUID(), ...body },
  });
const status = async (who: SignedUp) =>
  (await server.request("/api/my/clock", { headers: bearer(who.access) })).json<ClockStatus>();

async function keptPositions(organizationId: string, userId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, (tx) =>
    tx
      .selectFrom("time_punches")
      .select(["kind", "latitude", "longitude", "accuracy_m"])
      .where("user_id", "=", userId)
      .orderBy("happened_at")
      .execute(),
  );
}

async function giveSite(organizationId: string, jobId: string) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    tx.updateTable("jobs").set({ latitude: 33.9, longitude: 35.5, radius_m: 100 }).where("id", "=", jobId).execute(),
  );
}

async function newTeam() {
  const owner = await signUp(server);
  const me = await memberOf(server, owner.organizationId, "EMPLOYEE");
  return { owner, me, org: owner.organizationId };
}

describe("location at the time clock", () => {
  it("a new organization asks nobody for a position and keeps none, though its setting was never chosen", async () => {
    const { me, org } = await newTeam();
    const bar = await jobIn(org, { name: "Bar" });
    await personJobs(org, me.user.id, [bar]);
    const before = await status(me);
    expect(before.location_policy).toBe("off");
    expect(before.sites).toEqual([]);

    // A device that sends one anyway: the punch is taken, the position is not kept, nothing is warned.
    const sent = await punch(me, { kind: "clock_in", at: ago(2), job_id: bar, location: here });
    expect(sent.status).toBe(201);
    const answer = sent.json<PunchResponse>();
    expect(answer.punch.location).toBeNull();
    expect(answer.punch.warnings.map((w) => w.code)).not.toContain("no_location");
    expect((await punch(me, { kind: "clock_out", at: ago(0), location: here })).status).toBe(201);
    // And without one, no warning either.
    const bare = (await punch(me, { kind: "clock_in", at: ago(0), job_id: bar })).json<PunchResponse>();
    expect(bare.punch.warnings.map((w) => w.code)).not.toContain("no_location");
    expect((await keptPositions(org, me.user.id)).every((row) => row.latitude === null && row.longitude === null)).toBe(
      true,
    );
  });

  it("once a job has a site, clock-ins and clock-outs to it carry a position, and the status names the site", async () => {
    const { me, org } = await newTeam();
    const site = await jobIn(org, { name: "Downtown" });
    await personJobs(org, me.user.id, [site]);
    await giveSite(org, site);
    const shown = await status(me);
    expect(shown.location_policy).toBe("warn");
    expect(shown.sites).toEqual([{ job_id: site, name: "Downtown" }]);

    const clockIn = (
      await punch(me, { kind: "clock_in", at: ago(3), job_id: site, location: here })
    ).json<PunchResponse>();
    expect(clockIn.punch.location).toEqual(here);
    // A break is never checked: its position is not kept.
    const pause = (await punch(me, { kind: "break_start", at: ago(2), location: here })).json<PunchResponse>();
    expect(pause.punch.location).toBeNull();
    expect((await punch(me, { kind: "break_end", at: ago(1) })).status).toBe(201);
    const clockOut = (await punch(me, { kind: "clock_out", at: ago(0), location: here })).json<PunchResponse>();
    expect(clockOut.punch.location).toEqual(here);
    expect((await keptPositions(org, me.user.id)).map((row) => [row.kind, row.latitude !== null])).toEqual([
      ["clock_in", true],
      ["break_start", false],
      ["break_end", false],
      ["clock_out", true],
    ]);
  });

  it("keeps no position of a clock-in to a job without a site, though another job has one", async () => {
    const { me, org } = await newTeam();
    const [site, plain] = [await jobIn(org, { name: "Downtown" }), await jobIn(org, { name: "Delivery" })];
    await personJobs(org, me.user.id, [site, plain]);
    await giveSite(org, site);
    expect((await status(me)).sites).toEqual([{ job_id: site, name: "Downtown" }]);
    const sent = (
      await punch(me, { kind: "clock_in", at: ago(0), job_id: plain, location: here })
    ).json<PunchResponse>();
    expect(sent.punch.location).toBeNull();
    expect(sent.punch.warnings.map((w) => w.code)).not.toContain("no_location");
  });

  it("asks nobody while the owner turned the check off, even with sites", async () => {
    const { owner, me, org } = await newTeam();
    const site = await jobIn(org, { name: "Downtown" });
    await personJobs(org, me.user.id, [site]);
    await giveSite(org, site);
    const off = await server.request("/api/time-clock/settings", {
      method: "PUT",
      headers: bearer(owner.access),
      json: { location_policy: "off" },
    });
    expect(off.status).toBe(200);
    const shown = await status(me);
    expect(shown.location_policy).toBe("off");
    expect(shown.sites).toEqual([]);
  });

  it("tells a person of a site on their shift's job, though they are not on that job", async () => {
    const { me, org } = await newTeam();
    const site = await jobIn(org, { name: "Warehouse" });
    await giveSite(org, site);
    // Not on the job: a clock-in there is checked all the same (and noted as not on the job).
    const sent = (await punch(me, { kind: "clock_in", at: ago(0), job_id: site })).json<PunchResponse>();
    expect(sent.punch.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(["no_location", "not_on_job"]));
    // Clocked in there, the clock-out will be checked against it: the status names it.
    expect((await status(me)).sites).toEqual([{ job_id: site, name: "Warehouse" }]);
  });
});
