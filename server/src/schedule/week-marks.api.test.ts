import { weekResponseSchema } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../test/auth.ts";
import { boardMembers } from "../../test/board-fixtures.ts";
import { availabilityIn, requestIn } from "../../test/request-rows.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, personIn, setOrganizationCalendar, shiftIn } from "../../test/shift-fixtures.ts";
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
  expect(weekResponseSchema.required({ requests: true, availability: true }).parse(body)).toEqual(body);
  return body;
};
const byShift = (a: { shift_id: string; request_id: string }, b: { shift_id: string; request_id: string }) =>
  a.shift_id.localeCompare(b.shift_id) || a.request_id.localeCompare(b.request_id);

describe("the week's marks", () => {
  it("marks the week's shifts with their waiting claims, covers and swaps (both shifts of a swap)", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    // The week of Monday 2026-06-08 in Paris.
    const board = await boardIn(org, { zone: "Europe/Paris", weekStart: 1 });
    const amal = await personIn(org, { firstName: "Amal" });
    const bilal = await personIn(org, { firstName: "Bilal" });
    const published = true;
    const open = await shiftIn(org, board, { starts: "2026-06-08T07:00:00Z", ends: "2026-06-08T15:00:00Z", published });
    const given = await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-09T07:00:00Z",
      ends: "2026-06-09T15:00:00Z",
      published,
    });
    const swapMine = await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-10T07:00:00Z",
      ends: "2026-06-10T15:00:00Z",
      published,
    });
    const swapTheirs = await shiftIn(org, board, {
      user: bilal.id,
      starts: "2026-06-11T07:00:00Z",
      ends: "2026-06-11T15:00:00Z",
      published,
    });
    // A swap for a shift of the next week marks only the one of this week.
    const nextWeek = await shiftIn(org, board, {
      user: bilal.id,
      starts: "2026-06-16T07:00:00Z",
      ends: "2026-06-16T15:00:00Z",
      published,
    });
    const halfSwapMine = await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-12T07:00:00Z",
      ends: "2026-06-12T15:00:00Z",
      published,
    });
    const quiet = await shiftIn(org, board, {
      starts: "2026-06-13T07:00:00Z",
      ends: "2026-06-13T15:00:00Z",
      published,
    });

    const claimAmal = await requestIn(org, { kind: "claim", author: amal.id, shift: open });
    const claimBilal = await requestIn(org, { kind: "claim", author: bilal.id, shift: open });
    const cover = await requestIn(org, { kind: "cover", status: "offered", author: amal.id, shift: given });
    const swap = await requestIn(org, {
      kind: "swap",
      author: amal.id,
      shift: swapMine,
      otherShift: swapTheirs,
      toUser: bilal.id,
    });
    const halfSwap = await requestIn(org, {
      kind: "swap",
      status: "offered",
      author: amal.id,
      shift: halfSwapMine,
      otherShift: nextWeek,
      toUser: bilal.id,
    });
    // Decided, cancelled or closed requests, and other kinds, mark nothing.
    for (const status of ["approved", "declined", "refused", "cancelled", "expired"] as const) {
      await requestIn(org, { kind: "claim", status, author: bilal.id, shift: quiet });
    }
    await requestIn(org, { kind: "availability", author: amal.id });
    // Another organization's request on a shift id of its own is never read here.
    const other = await signUp(server);
    const otherBoard = await boardIn(other.organizationId, { zone: "Europe/Paris" });
    const otherShift = await shiftIn(other.organizationId, otherBoard, {
      starts: "2026-06-08T07:00:00Z",
      ends: "2026-06-08T15:00:00Z",
      published,
    });
    await requestIn(other.organizationId, { kind: "claim", author: other.user.id, shift: otherShift });

    const body = await week(owner.access, board, "2026-06-10");
    expect([...(body.requests ?? [])].sort(byShift)).toEqual(
      [
        { shift_id: open, request_id: claimAmal, kind: "claim", status: "pending" },
        { shift_id: open, request_id: claimBilal, kind: "claim", status: "pending" },
        { shift_id: given, request_id: cover, kind: "cover", status: "offered" },
        { shift_id: swapMine, request_id: swap, kind: "swap", status: "pending" },
        { shift_id: swapTheirs, request_id: swap, kind: "swap", status: "pending" },
        { shift_id: halfSwapMine, request_id: halfSwap, kind: "swap", status: "offered" },
      ].sort(byShift),
    );
    const following = await week(owner.access, board, "2026-06-16");
    expect(following.requests).toEqual([{ shift_id: nextWeek, request_id: halfSwap, kind: "swap", status: "offered" }]);
  });

  it("shades each shown person's availability on each day of the week, in the week's zone, with their note", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await setOrganizationCalendar(org, "Asia/Beirut", 0);
    const board = await boardIn(org, { zone: "Europe/Paris", weekStart: 1 });
    const amal = await personIn(org, { firstName: "Amal" });
    const bilal = await personIn(org, { firstName: "Bilal" });
    const notShown = await personIn(org, { firstName: "Elsewhere" });
    await boardMembers(org, board, [amal.id]);
    // Bilal is not on the board but has a shift on it: shown, so shaded too.
    await shiftIn(org, board, { user: bilal.id, starts: "2026-06-09T07:00:00Z", ends: "2026-06-09T09:00:00Z" });
    await availabilityIn(org, amal.id, {
      kind: "unavailable",
      weekday: 1,
      from: "2026-06-01",
      until: "2026-06-14",
      start: "09:00",
      end: "13:00",
      note: "Classes",
    });
    await availabilityIn(org, amal.id, {
      kind: "prefer",
      weekday: 3,
      from: "2026-06-01",
      start: "18:00",
      end: "24:00",
    });
    // An exception replaces Wednesday's pattern that day: two windows.
    await availabilityIn(org, amal.id, { kind: "unavailable", date: "2026-06-10", start: "00:00", end: "08:00" });
    await availabilityIn(org, amal.id, { kind: "prefer", date: "2026-06-10", start: "20:00", end: "23:00" });
    await availabilityIn(org, bilal.id, { kind: "unavailable", date: "2026-06-14", note: "Wedding" });
    // "Available" clears a day: nothing to shade.
    await availabilityIn(org, bilal.id, { kind: "available", date: "2026-06-12" });
    await availabilityIn(org, notShown.id, { kind: "unavailable", weekday: 2 });

    const body = await week(owner.access, board, "2026-06-10");
    const rows = (who: string) => (body.availability ?? []).filter((row) => row.user_id === who);
    expect(rows(amal.id)).toEqual([
      { user_id: amal.id, date: "2026-06-08", kind: "unavailable", start: "09:00", end: "13:00", note: "Classes" },
      { user_id: amal.id, date: "2026-06-10", kind: "unavailable", start: "00:00", end: "08:00", note: null },
      { user_id: amal.id, date: "2026-06-10", kind: "prefer", start: "20:00", end: "23:00", note: null },
    ]);
    expect(rows(bilal.id)).toEqual([
      { user_id: bilal.id, date: "2026-06-14", kind: "unavailable", start: null, end: null, note: "Wedding" },
    ]);
    expect(rows(notShown.id)).toEqual([]);
    // The weekly window ends on the 14th: the next Monday is clear, the Wednesday's preference holds on.
    const next = await week(owner.access, board, "2026-06-17");
    expect(next.availability?.filter((row) => row.user_id === amal.id)).toEqual([
      { user_id: amal.id, date: "2026-06-17", kind: "prefer", start: "18:00", end: "24:00", note: null },
    ]);

    // On "all", the days are the organization's week (Beirut, from Sunday).
    const all = await week(owner.access, "all", "2026-06-10");
    expect(all.start_date).toBe("2026-06-07");
    expect(all.availability?.filter((row) => row.user_id === bilal.id)).toEqual([]);
    expect(all.availability?.filter((row) => row.user_id === amal.id).map((row) => row.date)).toEqual([
      "2026-06-08",
      "2026-06-10",
      "2026-06-10",
    ]);
  });
});
