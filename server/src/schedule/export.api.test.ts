import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, signUp } from "../../test/auth.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, personIn, setOrganizationCalendar, shiftIn } from "../../test/shift-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const csv = (token: string, board: string, date?: string) =>
  server.request(`/api/schedule/boards/${board}/week.csv${date ? `?date=${date}` : ""}`, { headers: bearer(token) });
const rowsOf = (text: string) => parse(text, { bom: true }) as string[][];

/** A Beirut board (UTC+3 in June) with a week of varied shifts, Monday 2026-06-08 first. */
async function boardWithWeek() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { name: "Café Downtown", zone: "Asia/Beirut", weekStart: 1 });
  const kitchen = await jobIn(org, { name: "Kitchen", rate: 10 });
  const bar = await jobIn(org, { name: "Bar", rate: 9 });
  const sami = await personIn(org, { firstName: "سامي", lastName: "خوري", rate: 12.5 });
  const rana = await personIn(org, { firstName: "Rana", lastName: "Haddad" });
  const invitee = await personIn(org, { status: "invited", firstName: "Account", invitedFirstName: "Nour" });
  await shiftIn(org, board, {
    user: sami.id,
    job: kitchen,
    starts: "2026-06-08T06:00:00Z",
    ends: "2026-06-08T14:00:00Z",
    breakMinutes: 30,
    note: 'Say "hi", then =HYPERLINK("http://x")',
  });
  // Overnight, open, published: Tuesday 22:00 → Wednesday 06:00.
  await shiftIn(org, board, {
    job: bar,
    starts: "2026-06-09T19:00:00Z",
    ends: "2026-06-10T03:00:00Z",
    published: true,
  });
  await shiftIn(org, board, {
    user: rana.id,
    starts: "2026-06-11T06:00:00Z",
    ends: "2026-06-11T10:00:00Z",
    note: "-5 till close",
    published: { starts: "2026-06-11T05:00:00Z" },
  });
  await shiftIn(org, board, {
    user: invitee.id,
    job: kitchen,
    starts: "2026-06-12T06:00:00Z",
    ends: "2026-06-12T08:00:00Z",
  });
  await shiftIn(org, board, {
    user: rana.id,
    starts: "2026-06-14T06:00:00Z",
    ends: "2026-06-14T07:00:00Z",
    deleted: true,
  });
  await shiftIn(org, board, { user: rana.id, starts: "2026-06-14T21:00:00Z", ends: "2026-06-14T22:00:00Z" }); // next week
  await shiftIn(org, await boardIn(org), {
    user: sami.id,
    starts: "2026-06-13T06:00:00Z",
    ends: "2026-06-13T07:00:00Z",
  });
  return { owner, org, board };
}

describe("the week as CSV", () => {
  it("has one row per shift, in the board's zone, with paid hours and cost, ready for Excel", async () => {
    const { owner, board } = await boardWithWeek();
    const response = await csv(owner.access, board, "2026-06-10");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="schedule-cafe-downtown-2026-06-08.csv"',
    );
    // The byte order mark (fetch's text() drops it, so read the bytes).
    const raw = await fetch(`${server.url}/api/schedule/boards/${board}/week.csv?date=2026-06-10`, {
      headers: bearer(owner.access),
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.text.split("\r\n")[1]?.startsWith('"2026-06-08","Mon","09:00"')).toBe(true);
    expect(rowsOf(response.text)).toEqual([
      [
        "date",
        "weekday",
        "start",
        "end",
        "break_minutes",
        "paid_hours",
        "person",
        "job",
        "board",
        "status",
        "note",
        "cost",
      ],
      [
        "2026-06-08",
        "Mon",
        "09:00",
        "17:00",
        "30",
        "7.50",
        "سامي خوري",
        "Kitchen",
        "Café Downtown",
        "draft",
        'Say "hi", then =HYPERLINK("http://x")', // only a cell that starts with = + - @ is guarded
        "93.75", // the person's rate wins over the job's
      ],
      ["2026-06-09", "Tue", "22:00", "06:00", "0", "8.00", "", "Bar", "Café Downtown", "published", "", "72.00"],
      [
        "2026-06-11",
        "Thu",
        "09:00",
        "13:00",
        "0",
        "4.00",
        "Rana Haddad",
        "",
        "Café Downtown",
        "changed",
        "'-5 till close",
        "",
      ],
      [
        "2026-06-12",
        "Fri",
        "09:00",
        "11:00",
        "0",
        "2.00",
        "Nour Typed",
        "Kitchen",
        "Café Downtown",
        "draft",
        "",
        "20.00",
      ],
      ["2026-06-14", "Sun", "09:00", "10:00", "0", "1.00", "Rana Haddad", "", "Café Downtown", "deleted", "", ""],
    ]);
  });

  it("covers every active board for all, in the organization's week", async () => {
    const { owner, org } = await boardWithWeek();
    await setOrganizationCalendar(org, "Asia/Beirut", 1);
    const response = await csv(owner.access, "all", "2026-06-10");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="schedule-all-2026-06-08.csv"');
    expect(rowsOf(response.text)).toHaveLength(1 + 6);
  });

  it("is the current week without a date, and a header alone for an empty week", async () => {
    const { owner, board } = await boardWithWeek();
    const response = await csv(owner.access, board);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="schedule-cafe-downtown-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const empty = await csv(owner.access, board, "2027-01-06");
    expect(rowsOf(empty.text)).toHaveLength(1);
  });

  it("is for whoever may view the board, in their own organization only", async () => {
    const { owner, org, board } = await boardWithWeek();
    const other = await signUp(server);
    expect((await csv(other.access, board, "2026-06-10")).status).toBe(404);
    expect((await csv(owner.access, "not-a-board", "2026-06-10")).status).toBe(404);
    expect((await csv(owner.access, await boardIn(org, { archived: true }), "2026-06-10")).status).toBe(404);
    expect((await csv(owner.access, board, "2026-06-31")).status).toBe(400);
    for (const who of [
      await memberOf(server, org, "EMPLOYEE"),
      await memberOf(server, org, "SUPERVISOR", ["view_timesheet"]),
    ]) {
      expect((await csv(who.access, board, "2026-06-10")).status).toBe(403);
    }
    for (const who of [
      await memberOf(server, org, "SUPERVISOR", ["view_scheduler"]),
      await platformAdminIn(server, org),
    ]) {
      const response = await csv(who.access, board, "2026-06-10");
      expect(response.status).toBe(200);
      expect(rowsOf(response.text)).toHaveLength(1 + 5);
    }
  });
});
