import { randomUUID } from "node:crypto";
import type { LiveResponse } from "@workshift/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { eventually, openStream, type TestStream } from "../../test/event-stream.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, setOrganizationCalendar, shiftIn } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const streams: TestStream[] = [];
afterEach(async () => {
  for (const opened of streams.splice(0)) opened.close();
  await eventually(() => server.app.timeClockEvents.size === 0, 5000, "every stream left the hub");
});

const MINUTE = 60_000;
const fromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const live = (who: SignedUp, scope: string) =>
  server.request(`/api/time-clock/boards/${scope}/live`, { headers: bearer(who.access) });
const punch = (who: SignedUp, kind: string, minutesAgo: number) =>
  server.request("/api/my/punches", {
    method: "POST",
    headers: bearer(who.access),
    json: { id: randomUUID(), kind, at: fromNow(-minutesAgo) },
  });

async function onBoard(organizationId: string, boardId: string, userId: string) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    tx
      .insertInto("job_scheduler_members")
      .values({ organization_id: organizationId, job_scheduler_id: boardId, user_id: userId })
      .execute(),
  );
}

describe("the live time clock", () => {
  it("shows who is working, on a break, late, working without a shift, and counts them", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await setOrganizationCalendar(org, "UTC", 1);
    const board = await boardIn(org, { zone: "UTC" });
    const [working, resting, late, loose] = await Promise.all([
      memberOf(server, org, "EMPLOYEE"),
      memberOf(server, org, "EMPLOYEE"),
      memberOf(server, org, "EMPLOYEE"),
      memberOf(server, org, "EMPLOYEE"),
    ]);
    // Shifts going on now (the test may run at any hour: they end in an hour, and started an hour ago).
    for (const who of [working, resting, late]) {
      await onBoard(org, board, who.user.id);
      await shiftIn(org, board, { user: who.user.id, starts: fromNow(-60), ends: fromNow(60), published: true });
    }
    expect((await punch(working, "clock_in", 58)).status).toBe(201);
    expect((await punch(resting, "clock_in", 58)).status).toBe(201);
    expect((await punch(resting, "break_start", 5)).status).toBe(201);
    expect((await punch(loose, "clock_in", 30)).status).toBe(201);

    const body = (await live(owner, "all")).json<LiveResponse>();
    const statusOf = (who: SignedUp) => body.people.find((p) => p.user_id === who.user.person_id)?.status;
    expect(statusOf(working)).toBe("working");
    expect(statusOf(resting)).toBe("on_break");
    expect(statusOf(late)).toBe("late");
    expect(statusOf(loose)).toBe("unscheduled");
    expect(body.counts).toMatchObject({ working: 1, on_break: 1, late: 1, unscheduled: 1 });
    expect(body.people.find((p) => p.user_id === working.user.person_id)?.worked_minutes_today).toBeGreaterThanOrEqual(
      57,
    );

    // The board's view leaves out the one who is not on it.
    const onlyBoard = (await live(owner, board)).json<LiveResponse>();
    expect(onlyBoard.people.map((p) => p.user_id)).not.toContain(loose.user.person_id);
    expect(onlyBoard.people).toHaveLength(3);
  });

  it("flags a forgotten clock-out and counts none of its hours, as the timesheets do", async () => {
    const owner = await signUp(server);
    const forgetful = await memberOf(server, owner.organizationId, "EMPLOYEE");
    expect((await punch(forgetful, "clock_in", 20 * 60)).status).toBe(201);
    const person = (await live(owner, "all"))
      .json<LiveResponse>()
      .people.find((p) => p.user_id === forgetful.user.person_id);
    expect(person).toMatchObject({ status: "unscheduled", flagged: true, worked_minutes_today: 0 });
  });

  it("tells open views of the organization, and only them, when someone punches", async () => {
    const owner = await signUp(server);
    const worker = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const stranger = await signUp(server);
    const mine = await openStream(server, owner.access, "all", "/api/time-clock/events");
    const theirs = await openStream(server, stranger.access, "all", "/api/time-clock/events");
    streams.push(mine, theirs);
    expect(mine.status).toBe(200);
    await mine.waitFor((frame) => frame.event === "ready");
    await theirs.waitFor((frame) => frame.event === "ready");

    expect((await punch(worker, "clock_in", 1)).status).toBe(201);
    const told = await mine.waitFor((frame) => frame.event === "clock");
    expect(JSON.parse(told.data)).toEqual({ user_id: worker.user.person_id });
    // A refused punch is told too (it is kept for the manager), and only within the organization.
    expect((await punch(worker, "clock_in", 0)).status).toBe(409);
    await eventually(
      () => mine.frames.filter((frame) => frame.event === "clock").length === 2,
      5000,
      "the refusal told",
    );
    expect((await punch(stranger, "clock_in", 0)).status).toBe(201);
    await theirs.waitFor((frame) => frame.event === "clock");
    expect(mine.frames.filter((frame) => frame.event === "clock").map((frame) => JSON.parse(frame.data))).toEqual([
      { user_id: worker.user.person_id },
      { user_id: worker.user.person_id, refused: true },
    ]);
    expect(theirs.frames.filter((frame) => frame.event === "clock")).toHaveLength(1);
  });

  it("is for those who may see timesheets, within their organization", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org);
    const [viewer, scheduler, employee, admin] = await Promise.all([
      memberOf(server, org, "SUPERVISOR", ["view_timesheet"]),
      memberOf(server, org, "SUPERVISOR", ["view_scheduler"]),
      memberOf(server, org, "EMPLOYEE"),
      platformAdminIn(server, org),
    ]);
    expect((await live(viewer, board)).status).toBe(200);
    for (const who of [scheduler, employee, admin]) {
      expect((await live(who, board)).status).toBe(403);
      const refused = await openStream(server, who.access, "all", "/api/time-clock/events");
      expect(refused.status).toBe(403);
      refused.close();
    }
    const stranger = await signUp(server);
    expect((await live(stranger, board)).status).toBe(404);
    const elsewhere = await openStream(server, stranger.access, board, "/api/time-clock/events");
    expect(elsewhere.status).toBe(404);
    elsewhere.close();
  });
});

describe("a long-lived time clock stream", () => {
  const hub = () => server.app.timeClockEvents;
  let saved: typeof server.app.timeClockEvents.streamTimings;
  beforeAll(() => {
    saved = hub().streamTimings;
    hub().streamTimings = { keepaliveMs: 100, recheckMs: 150 };
  });
  afterAll(() => {
    hub().streamTimings = saved;
  });

  it("ends when the permission is withdrawn or the board archived, and stays open while access holds", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org);
    const [viewer, worker] = await Promise.all([
      memberOf(server, org, "SUPERVISOR", ["view_timesheet"]),
      memberOf(server, org, "EMPLOYEE"),
    ]);
    const keeps = await openStream(server, owner.access, "all", "/api/time-clock/events");
    const withdrawn = await openStream(server, viewer.access, "all", "/api/time-clock/events");
    const boardGone = await openStream(server, owner.access, board, "/api/time-clock/events");
    streams.push(keeps, withdrawn, boardGone);
    await Promise.all([keeps, withdrawn, boardGone].map((opened) => opened.waitFor((f) => f.event === "ready")));

    const { db } = await testDatabase();
    await withOrganization(db, org, async (tx) => {
      await tx
        .updateTable("memberships")
        .set({ permissions: ["view_scheduler"] })
        .where("organization_id", "=", org)
        .where("user_id", "=", viewer.user.id)
        .execute();
      await tx.updateTable("job_schedulers").set({ is_archived: true }).where("id", "=", board).execute();
    });
    await Promise.all([withdrawn.ended, boardGone.ended]);
    await eventually(() => hub().size === 1, 5000, "only the owner's stream remains");
    // Several access checks later the owner's stream still delivers.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await punch(worker, "clock_in", 1)).status).toBe(201);
    const told = await keeps.waitFor((frame) => frame.event === "clock");
    expect(JSON.parse(told.data)).toEqual({ user_id: worker.user.person_id });
  });
});
