import {
  accessStandings,
  can,
  decidableRequestKinds,
  type InboxCount,
  type InboxResponse,
  type RequestKind,
  requestKinds,
} from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { boardMembers, personJobs } from "../../test/board-fixtures.ts";
import { entryIn, requestIn } from "../../test/inbox-fixtures.ts";
import { leaveTypeIn } from "../../test/leave-request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, personIn, shiftIn } from "../../test/shift-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const inbox = (who: SignedUp, query = "") =>
  server.request(`/api/requests${query ? `?${query}` : ""}`, { headers: bearer(who.access) });
const count = (who: SignedUp) => server.request("/api/requests/count", { headers: bearer(who.access) });
const listed = async (who: SignedUp, query = "") => {
  const response = await inbox(who, query);
  expect(response.status, response.text).toBe(200);
  return response.json<InboxResponse>();
};
const ids = (body: InboxResponse) => body.requests.map((request) => request.id);

/** Monday 2031-06-02 in Paris (UTC+2): far enough ahead that no shift has started. */
const at = (time: string, day = "2031-06-02") => `${day}T${time}:00.000Z`;

/**
 * An organization with a request of every kind waiting (a cover still
 * offered), and two decided: on the Downtown board, Amal and Bilal on the
 * Kitchen job.
 */
async function organizationWithRequests() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { name: "Downtown", zone: "Europe/Paris" });
  const other = await boardIn(org, { name: "Harbour", zone: "Europe/Paris" });
  const kitchen = await jobIn(org, { name: "Kitchen" });
  const amal = await personIn(org, { firstName: "Amal" });
  const bilal = await personIn(org, { firstName: "Bilal" });
  for (const person of [amal, bilal]) await personJobs(org, person.id, [kitchen]);
  await boardMembers(org, board, [amal.id, bilal.id]);
  const shift = (user: string | null, start: string, end: string, day?: string, onBoard = board) =>
    shiftIn(org, onBoard, { user, job: kitchen, starts: at(start, day), ends: at(end, day), published: true });

  const open = await shift(null, "07:00", "15:00");
  const amalMonday = await shift(amal.account, "07:00", "15:00");
  const amalTuesday = await shift(amal.account, "07:00", "15:00", "2031-06-03");
  const bilalTuesday = await shift(bilal.account, "15:00", "21:00", "2031-06-03");
  const harbourOpen = await shift(null, "07:00", "15:00", "2031-06-04", other);
  const entry = await entryIn(org, {
    user: bilal.account,
    clockIn: at("07:00", "2026-03-02"),
    clockOut: at("15:00", "2026-03-02"),
  });

  const t = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  const vacation = await leaveTypeIn(org, "Vacation", true);
  const approvedLeave = await requestIn(org, {
    kind: "time_off",
    status: "approved",
    author: bilal.account,
    day: "2031-06-16",
    leaveType: vacation,
    leave: { from: "2031-06-16", to: "2031-06-16" },
    decidedBy: owner.user.id,
    createdAt: t(0),
  });
  const made = {
    approvedLeave,
    timeOff: await requestIn(org, {
      kind: "time_off",
      author: amal.account,
      day: "2031-06-02",
      leaveType: vacation,
      leave: { from: "2031-06-02", to: "2031-06-03" },
      createdAt: t(8),
    }),
    timeOffCancel: await requestIn(org, {
      kind: "time_off_cancel",
      author: bilal.account,
      day: "2031-06-16",
      leaveType: vacation,
      leave: { from: "2031-06-16", to: "2031-06-16" },
      cancels: approvedLeave,
      createdAt: t(9),
    }),
    claim: await requestIn(org, {
      kind: "claim",
      author: bilal.account,
      shift: open,
      day: "2031-06-02",
      createdAt: t(1),
    }),
    cover: await requestIn(org, {
      kind: "cover",
      status: "offered",
      author: amal.account,
      shift: amalMonday,
      day: "2031-06-02",
      createdAt: t(2),
    }),
    swap: await requestIn(org, {
      kind: "swap",
      author: amal.account,
      shift: amalTuesday,
      otherShift: bilalTuesday,
      toUser: bilal.account,
      day: "2031-06-03",
      createdAt: t(3),
    }),
    availability: await requestIn(org, {
      kind: "availability",
      author: amal.account,
      day: "2031-06-09",
      change: { type: "weekly", effective_from: "2031-06-09", windows: [{ weekday: 1, kind: "unavailable" }] },
      createdAt: t(4),
    }),
    correction: await requestIn(org, {
      kind: "correction",
      author: bilal.account,
      entry,
      day: "2026-03-02",
      correction: {
        job_id: null,
        clock_in_at: at("07:00", "2026-03-02"),
        clock_out_at: at("16:00", "2026-03-02"),
        breaks: [],
        entry_version: 1,
      },
      note: "Forgot to clock out",
      createdAt: t(5),
    }),
    approvedClaim: await requestIn(org, {
      kind: "claim",
      status: "approved",
      author: amal.account,
      shift: harbourOpen,
      day: "2031-06-04",
      decidedBy: owner.user.id,
      createdAt: t(6),
    }),
    declinedAvailability: await requestIn(org, {
      kind: "availability",
      status: "declined",
      author: bilal.account,
      day: "2031-06-09",
      change: { type: "exception", date: "2031-06-09", kind: "unavailable" },
      createdAt: t(7),
    }),
  };
  return { owner, org, board, other, kitchen, amal, bilal, made, amalMonday, amalTuesday };
}

describe("the inbox", () => {
  it("lists what waits, newest first, each with the impact of a yes; decided requests are the history, without one", async () => {
    const { owner, made, bilal, amalMonday, amalTuesday } = await organizationWithRequests();
    const body = await listed(owner);
    expect(body.kinds).toEqual([...requestKinds]);
    expect(ids(body)).toEqual([
      made.timeOffCancel,
      made.timeOff,
      made.correction,
      made.availability,
      made.swap,
      made.cover,
      made.claim,
    ]);
    expect(body.next_cursor).toBeNull();
    for (const item of body.requests) expect(item.impact).not.toBeNull();
    const byId = new Map(body.requests.map((item) => [item.id, item]));
    expect(byId.get(made.claim)?.author.user_id).toBe(bilal.id);
    expect(byId.get(made.swap)?.to_user?.user_id).toBe(bilal.id);
    expect(byId.get(made.cover)?.impact?.blockers).toEqual(["request_not_waiting"]);
    // Time off: its leave and the impact of a yes (the shift it overlaps, the balance).
    const leave = byId.get(made.timeOff);
    expect(leave?.time_off).toMatchObject({ from: "2031-06-02", to: "2031-06-03", minutes: 960 });
    expect(leave?.impact?.time_off?.shifts.map((shift) => shift.id)).toEqual([amalMonday, amalTuesday]);
    expect(leave?.impact?.time_off).toMatchObject({ balance_before_minutes: 0, balance_after_minutes: -960 });
    expect(leave?.impact?.blockers).toEqual(["time_off_balance_short"]);
    const cancel = byId.get(made.timeOffCancel);
    expect(cancel?.time_off?.cancels_request_id).toBe(made.approvedLeave);
    expect(cancel?.impact?.blockers).toEqual([]);

    const history = await listed(owner, "state=decided");
    expect(ids(history)).toEqual([made.declinedAvailability, made.approvedClaim, made.approvedLeave]);
    for (const item of history.requests) expect(item.impact).toBeNull();
    expect(history.requests[1]?.decision?.by?.user_id).toBe(owner.user.person_id);
  });

  it("filters by status, kind, board, author and days", async () => {
    const { owner, other, made, amal, bilal } = await organizationWithRequests();
    expect(ids(await listed(owner, "state=offered"))).toEqual([made.cover]);
    expect(ids(await listed(owner, "state=approved"))).toEqual([made.approvedClaim, made.approvedLeave]);
    expect(ids(await listed(owner, "state=pending&kind=claim"))).toEqual([made.claim]);
    expect(ids(await listed(owner, "kind=availability&state=declined"))).toEqual([made.declinedAvailability]);
    expect(ids(await listed(owner, `state=decided&board_id=${other}`))).toEqual([made.approvedClaim]);
    expect(ids(await listed(owner, `user_id=${amal.id}`))).toEqual([
      made.timeOff,
      made.availability,
      made.swap,
      made.cover,
    ]);
    expect(ids(await listed(owner, `user_id=${bilal.id}&kind=correction`))).toEqual([made.correction]);
    expect(ids(await listed(owner, "from=2031-06-03&to=2031-06-09"))).toEqual([made.availability, made.swap]);
    expect(ids(await listed(owner, "to=2030-01-01"))).toEqual([made.correction]);
    // A person id of nobody here, an account id, a board of no one's: nothing, never an error.
    const stranger = await personIn((await signUp(server)).organizationId);
    expect(ids(await listed(owner, `user_id=${stranger.id}`))).toEqual([]);
    expect(ids(await listed(owner, `user_id=${amal.account}`))).toEqual([]);

    for (const bad of ["state=open", "kind=leave", "board_id=nope", "from=2031-02-30", "limit=0", "limit=101"]) {
      const response = await inbox(owner, bad);
      expect(response.status, bad).toBe(400);
      expect(response.json<{ code: string }>().code).toBe("validation_failed");
    }
  });

  it("pages by an opaque cursor, newest first, ties in id order, none twice or left out", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const amal = await personIn(org);
    const same = "2026-02-01T10:00:00.123456Z";
    const times = [
      same,
      same,
      same,
      "2026-02-01T10:00:00.123457Z",
      "2026-02-02T00:00:00Z",
      "2026-01-30T00:00:00Z",
      same,
    ];
    const made: { id: string; at: string }[] = [];
    for (const [i, createdAt] of times.entries()) {
      const day = `2031-07-${String(i + 1).padStart(2, "0")}`;
      const id = await requestIn(org, {
        kind: "availability",
        author: amal.account,
        day,
        change: { type: "exception", date: day, kind: "unavailable" },
        createdAt,
      });
      made.push({ id, at: createdAt });
    }
    const expected = [...made]
      .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
      .map((item) => item.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: InboxResponse = await listed(owner, `limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.requests.length).toBeLessThanOrEqual(3);
      seen.push(...ids(page));
      cursor = page.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);

    for (const bad of ["not+base64", Buffer.from("2026-01-01|x").toString("base64url"), "a".repeat(201)]) {
      const response = await inbox(owner, `cursor=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.json<{ code: string }>().code).toBe("validation_failed");
    }
  });

  it("lists to each standing only the kinds it may decide, and counts only those", async () => {
    const { owner, org } = await organizationWithRequests();
    for (const { name, role, permissions } of accessStandings()) {
      const who =
        role === "OWNER"
          ? owner
          : role === "ADMIN"
            ? await platformAdminIn(server, org)
            : await memberOf(server, org, role, permissions);
      const standing = { role, permissions };
      const response = await inbox(who);
      const counted = await count(who);
      if (!can(standing, "requests.view")) {
        expect(response.status, name).toBe(403);
        expect(counted.status, name).toBe(403);
        continue;
      }
      const kinds = decidableRequestKinds(standing);
      const body = response.json<InboxResponse>();
      expect(body.kinds, name).toEqual(kinds);
      expect([...new Set(body.requests.map((item) => item.kind))].sort(), name).toEqual([...kinds].sort());
      const numbers = counted.json<InboxCount>();
      // Pending only: the cover is still offered to teammates.
      const pending: Record<RequestKind, number> = {
        claim: 1,
        cover: 0,
        swap: 1,
        availability: 1,
        correction: 1,
        time_off: 1,
        time_off_cancel: 1,
      };
      for (const kind of requestKinds)
        expect(numbers.by_kind[kind], `${name} ${kind}`).toBe(kinds.includes(kind) ? pending[kind] : 0);
      expect(numbers.pending, name).toBe(kinds.reduce((sum, kind) => sum + pending[kind], 0));
    }
  }, 60_000);

  it("never lists another organization's requests, nor counts them", async () => {
    const mine = await organizationWithRequests();
    const theirs = await organizationWithRequests();
    const body = await listed(mine.owner, "limit=100");
    const history = await listed(mine.owner, "state=decided&limit=100");
    const theirIds = new Set(Object.values(theirs.made));
    expect([...ids(body), ...ids(history)].filter((id) => theirIds.has(id))).toEqual([]);
    expect(ids(await listed(mine.owner, `board_id=${theirs.board}`))).toEqual([]);
    expect(ids(await listed(mine.owner, `user_id=${theirs.amal.id}`))).toEqual([]);
    expect((await count(mine.owner)).json<InboxCount>().pending).toBe(6);
  });

  it("counts pending requests by kind: offered and decided ones wait for nobody here", async () => {
    const { owner } = await organizationWithRequests();
    const response = await count(owner);
    expect(response.status).toBe(200);
    expect(response.json<InboxCount>()).toEqual({
      pending: 6,
      by_kind: { claim: 1, cover: 0, swap: 1, availability: 1, correction: 1, time_off: 1, time_off_cancel: 1 },
    });
  });
});
