import { type BoardTimeOff, weekResponseSchema } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../test/auth.ts";
import { boardMembers } from "../../test/board-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, personIn, setOrganizationCalendar } from "../../test/shift-fixtures.ts";
import { leaveTypeIn, timeOffIn } from "../../test/time-off-fixtures.ts";
import { weekFrom } from "../../test/week.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const week = async (token: string, board: string, date: string) => {
  const response = await server.request(`/api/schedule/boards/${board}/week?date=${date}`, { headers: bearer(token) });
  expect(response.status, response.text).toBe(200);
  const body = weekFrom(response);
  expect(weekResponseSchema.required({ requests: true, availability: true, time_off: true }).parse(body)).toEqual(body);
  return body;
};
const days = (rows: readonly BoardTimeOff[] | undefined) =>
  (rows ?? []).map((row) => [row.user_id, row.date, row.leave_type.name, row.part]);

/**
 * A Paris board (weeks from Monday; the week of 2026-06-08) with Amal and
 * Bilal on it, and the organization's Vacation (green) and Sick (red) types.
 */
async function team() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  await setOrganizationCalendar(org, "Europe/Paris", 1);
  const board = await boardIn(org, { name: "Paris", zone: "Europe/Paris", weekStart: 1 });
  const amal = await personIn(org, { firstName: "Amal" });
  const bilal = await personIn(org, { firstName: "Bilal" });
  await boardMembers(org, board, [amal.account, bilal.account]);
  const vacation = await leaveTypeIn(org, { name: "Vacation", color: "#2b8a3e" });
  const sick = await leaveTypeIn(org, { name: "Sick", color: "#c92a2a" });
  return { owner, org, board, amal: amal.id, bilal: bilal.id, vacation, sick };
}

describe("approved time off on the board's week", () => {
  it("shows each approved day of leave on the person's row, with its type's name and colour", async () => {
    const { owner, org, board, amal, vacation } = await team();
    // Sunday the 7th to Wednesday the 10th: the week shows Monday to Wednesday.
    const request = await timeOffIn(org, amal, { leaveType: vacation, from: "2026-06-07", to: "2026-06-10" });
    const body = await week(owner.access, board, "2026-06-08");
    expect(body.time_off).toEqual(
      ["2026-06-08", "2026-06-09", "2026-06-10"].map((date, index) => ({
        request_id: request,
        user_id: amal,
        date,
        // Whole days in Paris (UTC+2 in June): midnight to midnight.
        starts_at: `2026-06-${String(7 + index).padStart(2, "0")}T22:00:00.000Z`,
        ends_at: `2026-06-${String(8 + index).padStart(2, "0")}T22:00:00.000Z`,
        part: false,
        leave_type: { id: vacation, name: "Vacation", color: "#2b8a3e" },
      })),
    );
    // The week before holds only its Sunday.
    expect(days((await week(owner.access, board, "2026-06-01")).time_off)).toEqual([
      [amal, "2026-06-07", "Vacation", false],
    ]);
  });

  it("never shows leave that waits, was declined or was cancelled", async () => {
    const { owner, org, board, amal, bilal, vacation, sick } = await team();
    await timeOffIn(org, amal, { leaveType: vacation, from: "2026-06-08", status: "pending" });
    await timeOffIn(org, amal, { leaveType: vacation, from: "2026-06-09", status: "declined" });
    await timeOffIn(org, amal, { leaveType: vacation, from: "2026-06-10", status: "cancelled" });
    await timeOffIn(org, bilal, { leaveType: sick, from: "2026-06-11", status: "approved" });
    expect(days((await week(owner.access, board, "2026-06-08")).time_off)).toEqual([
      [bilal, "2026-06-11", "Sick", false],
    ]);
  });

  it("shows a part of a day as a part, with its instants", async () => {
    const { owner, org, board, amal, sick } = await team();
    await timeOffIn(org, amal, { leaveType: sick, from: "2026-06-09", part: { start: "09:00", end: "12:30" } });
    const [row] = (await week(owner.access, board, "2026-06-08")).time_off ?? [];
    expect(row).toMatchObject({
      user_id: amal,
      date: "2026-06-09",
      starts_at: "2026-06-09T07:00:00.000Z",
      ends_at: "2026-06-09T10:30:00.000Z",
      part: true,
    });
  });

  it("is on the all scope too, for the people it shows", async () => {
    const { owner, org, amal, bilal, vacation } = await team();
    // Someone on no board is not on the week, nor their leave.
    const away = await personIn(org, { firstName: "Away" });
    await timeOffIn(org, amal, { leaveType: vacation, from: "2026-06-12" });
    await timeOffIn(org, away.id, { leaveType: vacation, from: "2026-06-12" });
    const body = await week(owner.access, "all", "2026-06-08");
    expect(days(body.time_off)).toEqual([[amal, "2026-06-12", "Vacation", false]]);
    expect(body.people.map((person) => person.user_id).sort()).toEqual([amal, bilal].sort());
  });

  it("never shows another organization's leave", async () => {
    const { owner, org, board, amal, vacation } = await team();
    const other = await team();
    await timeOffIn(other.org, other.amal, { leaveType: other.vacation, from: "2026-06-08" });
    await timeOffIn(org, amal, { leaveType: vacation, from: "2026-06-09" });
    expect(days((await week(owner.access, board, "2026-06-08")).time_off)).toEqual([
      [amal, "2026-06-09", "Vacation", false],
    ]);
    expect(days((await week(other.owner.access, other.board, "2026-06-08")).time_off)).toEqual([
      [other.amal, "2026-06-08", "Vacation", false],
    ]);
    // Another organization's board answers 404, as ever.
    const response = await server.request(`/api/schedule/boards/${other.board}/week?date=2026-06-08`, {
      headers: bearer(owner.access),
    });
    expect(response.status).toBe(404);
  });
});
