import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster } from "./cluster.mjs";
import {
  asPerson,
  pauseReplay,
  replicaCaughtUp,
  resumeReplay,
  secondOwner,
  shiftsIn,
  walCookie,
} from "./replica-reads.mjs";
import { signUpOwner } from "./scenarios.mjs";

type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * Heavy reads on the streaming replica (DATABASE_READ_URL through PgBouncer),
 * in the production layout: with the replica's replay paused, whoever just
 * wrote reads their write (their cookie sends them to the primary, on either
 * instance), while someone else reads the replica's older state until replay
 * resumes.
 */
describe("heavy reads on the streaming replica", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(async () => {
    await resumeReplay(cluster).catch(() => undefined);
    await cluster?.stop();
  });

  it("the writer reads their own write at once; another manager sees it once the replica replays it", async () => {
    const [a, b] = cluster.instances;
    if (!a || !b) throw new Error("two instances expected");
    const owner = await signUpOwner(cluster);
    const other = await secondOwner(cluster, owner.organizationId);
    const board = await asPerson(cluster, a.url, owner, "/api/boards", {
      method: "POST",
      json: { name: "Front", time_zone: "UTC" },
    });
    expect(board.status).toBe(201);
    const month = new Date().toISOString().slice(0, 7);
    const monthPath = `/api/schedule/boards/${board.json().board.id}/month?month=${month}`;
    // The board, the people and their sessions are on the replica, and each instance has looked at
    // it beside the primary (as instances in service do all along: one that never saw the replica
    // in step cannot tell how far behind it is, and reads from the primary); then replay stops.
    await replicaCaughtUp(cluster);
    for (const base of [a.url, b.url]) {
      const before = await asPerson(cluster, base, other, monthPath);
      expect(shiftsIn(before)).toBe(0);
    }
    await pauseReplay(cluster);

    const shift = await asPerson(cluster, a.url, owner, "/api/schedule/shifts", {
      method: "POST",
      json: { board_id: board.json().board.id, starts_at: `${month}-15T09:00:00Z`, ends_at: `${month}-15T17:00:00Z` },
    });
    expect(shift.status).toBe(201);
    const cookie = walCookie(shift);
    expect(cookie).toMatch(/^ws_wal=[0-9A-F]+\/[0-9A-F]+$/);

    // The writer, on the other instance, with their cookie: the primary.
    const own = await asPerson(cluster, b.url, owner, monthPath, { cookie });
    expect(own.status).toBe(200);
    expect(shiftsIn(own)).toBe(1);
    // Someone else, on both instances: the replica, which has not replayed the shift yet.
    for (const base of [a.url, b.url]) {
      const stale = await asPerson(cluster, base, other, monthPath);
      expect(stale.status).toBe(200);
      expect(shiftsIn(stale)).toBe(0);
    }

    await resumeReplay(cluster);
    await replicaCaughtUp(cluster);
    const fresh = await asPerson(cluster, b.url, other, monthPath);
    expect(shiftsIn(fresh)).toBe(1);
  });
});
