import { addDays, type InboxResponse, instantAt, type ShiftCheckResponse, todayIn } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardMembers } from "../../test/board-fixtures.ts";
import { testDatabase } from "../../test/database.ts";
import { asked, call, publishedShift, requestTeam } from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { weekFrom } from "../../test/week.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ZONE = "Europe/Paris";

async function notesOf(org: string, userId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, org, (tx) =>
    tx
      .selectFrom("availability_rules")
      .select(["weekday", "note"])
      .where("user_id", "=", userId)
      .orderBy("weekday")
      .execute(),
  );
}

describe("the note of an availability change", () => {
  it("is written on the windows it puts in force: the week shades, the warnings and the inbox's impact say it", async () => {
    const team = await requestTeam(server);
    await boardMembers(team.org, team.board, [team.amal.user.id]);
    const date = addDays(todayIn(ZONE), 5);
    await asked(server, team.amal, {
      kind: "availability",
      change: { type: "exception", date, kind: "unavailable", start: "08:00", end: "12:00" },
      note: "Dentist",
    });
    expect(await notesOf(team.org, team.amal.user.id)).toEqual([{ weekday: null, note: "Dentist" }]);

    const week = await call(server, team.owner, "GET", `/api/schedule/boards/${team.board}/week?date=${date}`);
    expect(week.status, week.text).toBe(200);
    expect(weekFrom(week).availability).toContainEqual({
      user_id: team.amal.user.person_id,
      date,
      kind: "unavailable",
      start: "08:00",
      end: "12:00",
      note: "Dentist",
    });

    const starts = instantAt(date, "09:00", ZONE);
    const ends = instantAt(date, "11:00", ZONE);
    const checked = await call(server, team.owner, "POST", "/api/schedule/shifts/check", {
      board_id: team.board,
      user_id: team.amal.user.person_id,
      job_id: team.kitchen,
      starts_at: starts,
      ends_at: ends,
    });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.json<ShiftCheckResponse>().warnings).toContainEqual(
      expect.objectContaining({ kind: "unavailable", date, note: "Dentist" }),
    );

    // Amal claims an open shift in that window: the manager sees why she should not.
    const claim = await asked(server, team.amal, {
      kind: "claim",
      shift_id: await publishedShift(team, null, starts, 2),
    });
    const inbox = await call(server, team.owner, "GET", "/api/requests");
    expect(inbox.status, inbox.text).toBe(200);
    const item = inbox.json<InboxResponse>().requests.find((request) => request.id === claim.id);
    expect(item?.impact?.warnings).toContainEqual(
      expect.objectContaining({ kind: "unavailable", user_id: team.amal.user.person_id, date, note: "Dentist" }),
    );
  });

  it("is written on each window of a weekly pattern, once approved when a manager must agree", async () => {
    const team = await requestTeam(server, { availability_needs_approval: true });
    const request = await asked(server, team.amal, {
      kind: "availability",
      change: {
        type: "weekly",
        effective_from: todayIn(ZONE),
        windows: [
          { weekday: 1, kind: "unavailable", start: "09:00", end: "13:00" },
          { weekday: 3, kind: "prefer" },
        ],
      },
      note: "Classes",
    });
    const approved = await call(server, team.owner, "POST", `/api/requests/${request.id}/approve`, {
      version: request.version,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(await notesOf(team.org, team.amal.user.id)).toEqual([
      { weekday: 1, note: "Classes" },
      { weekday: 3, note: "Classes" },
    ]);
  });
});
