import { randomUUID } from "node:crypto";
import { accessStandings, can, decidableRequestKinds, type RequestKind, requestKinds } from "@workshift/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { eventually, type Frame, openStream, type TestStream } from "../../test/event-stream.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, shiftIn } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { announceRequestChange } from "./announce.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const INBOX = "/api/requests/events";
const MY = "/api/my/events";
const open: TestStream[] = [];
async function stream(token: string, path: string): Promise<TestStream> {
  // openStream adds a board to the query; these streams take none and ignore it.
  const opened = await openStream(server, token, "", path);
  open.push(opened);
  return opened;
}
afterEach(async () => {
  for (const opened of open.splice(0)) opened.close();
  await eventually(() => server.app.requestEvents.size === 0, 5000, "every stream left the hub");
});

const ready = (s: TestStream) => s.waitFor((frame) => frame.event === "ready");
const parsed = (frame: Frame) => JSON.parse(frame.data);
const requestFrames = (s: TestStream) => s.frames.filter((frame) => frame.event === "requests").map(parsed);
const eventFor = (s: TestStream, requestId: string) =>
  s.waitFor((frame) => frame.event === "requests" && parsed(frame).request_ids.includes(requestId));

/** A request change as the request writes tell it: NOTIFY inside the writing transaction. */
async function change(
  organizationId: string,
  what: { kinds: RequestKind[]; userIds?: string[]; actorId?: string | null; rollback?: boolean },
): Promise<string> {
  const { db } = await testDatabase();
  const id = randomUUID();
  await withOrganization(db, organizationId, async (tx) => {
    await announceRequestChange(tx, organizationId, {
      request_ids: [id],
      kinds: what.kinds,
      user_ids: what.userIds ?? [],
      actor_id: what.actorId ?? null,
    });
    if (what.rollback) throw new Error("rolled back on purpose");
  }).catch((error: Error) => {
    if (!what.rollback) throw error;
  });
  return id;
}

describe("GET /api/requests/events", () => {
  it("streams to each manager the changes of the kinds they decide, the author as a person id", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const scheduler = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]);
    const timekeeper = await memberOf(server, org, "SUPERVISOR", ["manage_timesheet"]);
    const employee = await memberOf(server, org, "EMPLOYEE");
    const ownerStream = await stream(owner.access, INBOX);
    expect(ownerStream.status).toBe(200);
    expect(ownerStream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(parsed(await ready(ownerStream))).toEqual({ resync: false });
    const schedulerStream = await stream(scheduler.access, INBOX);
    const timeStream = await stream(timekeeper.access, INBOX);
    await Promise.all([ready(schedulerStream), ready(timeStream)]);

    const claim = await change(org, { kinds: ["claim"], userIds: [employee.user.id], actorId: employee.user.id });
    const correction = await change(org, { kinds: ["correction"], userIds: [employee.user.id] });
    expect(parsed(await eventFor(ownerStream, claim))).toEqual({
      request_ids: [claim],
      kinds: ["claim"],
      actor_id: employee.user.person_id,
    });
    await Promise.all([eventFor(ownerStream, correction), eventFor(timeStream, correction)]);
    await eventFor(schedulerStream, claim);
    // Notifications arrive in commit order: once the last is in, an earlier one would have been too.
    const marker = await change(org, { kinds: ["claim", "correction"] });
    await Promise.all([eventFor(schedulerStream, marker), eventFor(timeStream, marker)]);
    expect(requestFrames(schedulerStream).map((event) => event.request_ids[0])).toEqual([claim, marker]);
    expect(requestFrames(timeStream).map((event) => event.request_ids[0])).toEqual([correction, marker]);
  });

  it("keeps to its organization, and never delivers a change whose transaction rolled back", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const mine = await stream(owner.access, INBOX);
    const theirs = await stream(other.access, INBOX);
    await Promise.all([ready(mine), ready(theirs)]);
    await change(owner.organizationId, { kinds: ["swap"], rollback: true });
    const elsewhere = await change(other.organizationId, { kinds: ["swap"] });
    const here = await change(owner.organizationId, { kinds: ["swap"] });
    await Promise.all([eventFor(mine, here), eventFor(theirs, elsewhere)]);
    expect(requestFrames(mine).map((event) => event.request_ids[0])).toEqual([here]);
    expect(requestFrames(theirs).map((event) => event.request_ids[0])).toEqual([elsewhere]);
  });

  it("opens for whoever may open the inbox (a supervisor who decides nothing hears nothing), 403 for the rest", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const listening: { stream: TestStream; kinds: RequestKind[] }[] = [];
    for (const { name, role, permissions } of accessStandings()) {
      const who =
        role === "OWNER"
          ? owner
          : role === "ADMIN"
            ? await platformAdminIn(server, org)
            : await memberOf(server, org, role, permissions);
      const opened = await stream(who.access, INBOX);
      const allowed = can({ role, permissions }, "requests.view");
      expect(opened.status, name).toBe(allowed ? 200 : 403);
      if (!allowed) expect(JSON.parse(opened.text), name).toMatchObject({ code: "forbidden" });
      else listening.push({ stream: opened, kinds: decidableRequestKinds({ role, permissions }) });
    }
    await Promise.all(listening.map(({ stream }) => ready(stream)));
    const claim = await change(org, { kinds: ["claim"] });
    const marker = await change(org, { kinds: [...requestKinds] });
    for (const { stream, kinds } of listening) if (kinds.length > 0) await eventFor(stream, marker);
    for (const { stream, kinds } of listening) {
      const heard = requestFrames(stream).map((event) => event.request_ids[0]);
      expect(heard).toEqual([...(kinds.includes("claim") ? [claim] : []), ...(kinds.length > 0 ? [marker] : [])]);
    }
    expect(listening.filter(({ kinds }) => kinds.length === 0).length).toBeGreaterThan(0);
    expect((await server.request(INBOX)).status).toBe(403);
  });
});

describe("GET /api/my/events", () => {
  it("streams the request changes that concern me, or everyone, and not the others'", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const me = await memberOf(server, org, "EMPLOYEE");
    const colleague = await memberOf(server, org, "EMPLOYEE");
    const events = await stream(me.access, MY);
    expect(events.status).toBe(200);
    await ready(events);

    const mine = await change(org, {
      kinds: ["cover"],
      userIds: [colleague.user.id, me.user.id],
      actorId: colleague.user.id,
    });
    const theirs = await change(org, { kinds: ["claim"], userIds: [colleague.user.id] });
    const everyone = await change(org, { kinds: ["claim"] });
    await eventFor(events, everyone);
    expect(requestFrames(events)).toEqual([
      { request_ids: [mine], kinds: ["cover"], actor_id: colleague.user.person_id },
      { request_ids: [everyone], kinds: ["claim"], actor_id: null },
    ]);
    expect(requestFrames(events).map((event) => event.request_ids[0])).not.toContain(theirs);
  });

  it("tells me when a publish in my organization may have changed my shifts or the open shifts", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const me = await memberOf(server, org, "EMPLOYEE");
    const board = await boardIn(org);
    const other = await signUp(server);
    const otherBoard = await boardIn(other.organizationId);
    const events = await stream(me.access, MY);
    await ready(events);

    const publish = async (who: SignedUp, id: string) => {
      const published = await server.request("/api/schedule/publish", {
        method: "POST",
        headers: bearer(who.access),
        json: { ids: [id] },
      });
      expect(published.status, published.text).toBe(200);
    };
    await publish(
      other,
      await shiftIn(other.organizationId, otherBoard, { starts: "2030-06-08T07:00:00Z", ends: "2030-06-08T09:00:00Z" }),
    );
    await publish(owner, await shiftIn(org, board, { starts: "2030-06-08T07:00:00Z", ends: "2030-06-08T09:00:00Z" }));
    const shifts = await events.waitFor((frame) => frame.event === "shifts");
    expect(parsed(shifts)).toEqual({ what: "shifts" });
    // A change that is not published tells nothing.
    const edit = await server.request("/api/schedule/shifts", {
      method: "POST",
      headers: bearer(owner.access),
      json: { board_id: board, starts_at: "2030-06-09T07:00:00Z", ends_at: "2030-06-09T09:00:00Z" },
    });
    expect(edit.status).toBe(201);
    const marker = await change(org, { kinds: ["claim"] });
    await eventFor(events, marker);
    expect(events.frames.filter((frame) => frame.event === "shifts")).toHaveLength(1);
  });

  it("opens for whoever asks for themselves (not the platform ADMIN)", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    for (const { name, role, permissions } of accessStandings()) {
      const who =
        role === "OWNER"
          ? owner
          : role === "ADMIN"
            ? await platformAdminIn(server, org)
            : await memberOf(server, org, role, permissions);
      const opened = await stream(who.access, MY);
      expect(opened.status, name).toBe(can({ role, permissions }, "requests.own") ? 200 : 403);
      opened.close();
    }
  });
});

describe("both streams", () => {
  it("limit the streams one person holds open, together", async () => {
    const owner = await signUp(server);
    const limit = server.app.requestEvents.maxStreamsPerUser;
    const streams: TestStream[] = [];
    for (let i = 0; i < limit; i++) streams.push(await stream(owner.access, i % 2 === 0 ? INBOX : MY));
    await Promise.all(streams.map(ready));
    const refused = await stream(owner.access, MY);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ code: "rate_limited" });
    const colleague = await memberOf(server, owner.organizationId, "EMPLOYEE");
    expect((await stream(colleague.access, MY)).status).toBe(200);
  });

  it("answer 503 when the database cannot listen, opening nothing", async () => {
    const owner = await signUp(server);
    const hub = server.app.requestEvents;
    const start = hub.start;
    hub.start = () => Promise.reject(new Error("no LISTEN here"));
    try {
      for (const path of [INBOX, MY]) {
        const refused = await stream(owner.access, path);
        expect(refused.status).toBe(503);
        expect(JSON.parse(refused.text)).toMatchObject({ code: "database_unavailable" });
      }
    } finally {
      hub.start = start;
    }
    expect(hub.size).toBe(0);
  });

  describe("a long-lived stream", () => {
    let saved: typeof server.app.requestEvents.streamTimings;
    beforeAll(() => {
      saved = server.app.requestEvents.streamTimings;
      server.app.requestEvents.streamTimings = { keepaliveMs: 100, recheckMs: 150 };
    });
    afterAll(() => {
      server.app.requestEvents.streamTimings = saved;
    });

    it("sends keep-alives, and ends when the session is logged out or the person archived", async () => {
      const owner = await signUp(server);
      const org = owner.organizationId;
      const keeper = await memberOf(server, org, "EMPLOYEE");
      const leaver = await memberOf(server, org, "EMPLOYEE");
      const archivedLater = await memberOf(server, org, "SUPERVISOR");
      const keeps = await stream(keeper.access, MY);
      const signedOut = await stream(leaver.access, MY);
      const archived = await stream(archivedLater.access, INBOX);
      await Promise.all([keeps, signedOut, archived].map(ready));
      await keeps.waitFor((frame) => frame.event === "comment" && frame.data === "keepalive");

      expect((await server.request("/api/auth/logout", { headers: bearer(leaver.access) })).status).toBe(200);
      const { db } = await testDatabase();
      await withOrganization(db, org, (tx) =>
        tx
          .updateTable("memberships")
          .set({ status: "archived", archived_at: new Date() })
          .where("organization_id", "=", org)
          .where("user_id", "=", archivedLater.user.id)
          .execute(),
      );
      await Promise.all([signedOut.ended, archived.ended]);
      await eventually(() => server.app.requestEvents.size === 1, 5000, "only the keeper's stream remains");
      const id = await change(org, { kinds: ["claim"] });
      await eventFor(keeps, id);
    });
  });
});
