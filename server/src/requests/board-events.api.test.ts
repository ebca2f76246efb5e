import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { eventually, openStream, type TestStream } from "../../test/event-stream.ts";
import { approve, asked, inDays, publishedShift, requestTeam } from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const open: TestStream[] = [];
afterEach(async () => {
  for (const opened of open.splice(0)) opened.close();
  await eventually(() => server.app.scheduleEvents.size === 0, 5000, "every stream left the hub");
});

const scheduleFrames = (stream: TestStream) =>
  stream.frames.filter((frame) => frame.event === "schedule").map((frame) => JSON.parse(frame.data));

describe("an open board follows requests", () => {
  it("hears of a claim on one of its shifts, and of availability put in force for one of its people", async () => {
    const team = await requestTeam(server, { availability_needs_approval: true });
    const shift = await publishedShift(team, null, inDays(3));
    const board = await openStream(server, team.owner.access, team.board);
    open.push(board);
    await board.waitFor((frame) => frame.event === "ready");

    await asked(server, team.amal, { kind: "claim", shift_id: shift });
    await board.waitFor((frame) => frame.event === "schedule" && JSON.parse(frame.data).shift_ids.includes(shift));

    const { db } = await testDatabase();
    await withOrganization(db, team.org, (tx) =>
      tx
        .insertInto("job_scheduler_members")
        .values({ organization_id: team.org, job_scheduler_id: team.board, user_id: team.bilal.user.id })
        .execute(),
    );
    const before = scheduleFrames(board).length;
    const availability = await asked(server, team.bilal, {
      kind: "availability",
      change: { type: "exception", date: inDays(5).slice(0, 10), kind: "unavailable" },
    });
    expect((await approve(server, team.owner, availability)).status).toBe(200);
    await eventually(() => scheduleFrames(board).length > before, 5000, "the board heard of the approval");
    expect(scheduleFrames(board).at(-1)?.board_ids).toContain(team.board);
  });
});
