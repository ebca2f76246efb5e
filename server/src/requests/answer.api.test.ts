import { myRequestsResponseSchema, type Request } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberOf } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import {
  act,
  approve,
  asked,
  call,
  inDays,
  inHours,
  personSettings,
  publishedShift,
  requestAudit,
  requestFootprint,
  requestMessagesTo,
  requestRow,
  requestTeam,
  type Team,
} from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { shiftRow } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

async function inOrganization<T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, work);
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Answer = { status: number; json<T>(): T };
const requestOf = (response: Answer) => response.json<{ request: Request }>().request;
const codeOf = (response: Answer) => ({ status: response.status, code: response.json<{ code: string }>().code });

async function refusedWithNothingWritten(org: string, attempt: () => Promise<Answer>, status: number, code: string) {
  const before = await requestFootprint(org);
  expect(codeOf(await attempt())).toEqual({ status, code });
  expect(await requestFootprint(org)).toEqual(before);
}

/** Amal's published shift in three days, offered to everyone (or to `to`). */
async function coverOffer(team: Team, to?: Team["bilal"], starts = inDays(3)) {
  const shift = await publishedShift(team, team.amal, starts);
  const request = await asked(server, team.amal, {
    kind: "cover",
    shift_id: shift,
    ...(to ? { to_user_id: to.user.person_id } : {}),
  });
  return { shift, request };
}

describe("cancelling", () => {
  it("its author may while it waits; nobody else sees it; a cancelled one no longer waits", async () => {
    const team = await requestTeam(server);
    const { request } = await coverOffer(team);
    await refusedWithNothingWritten(team.org, () => act(server, team.bilal, request.id, "cancel"), 404, "not_found");
    await refusedWithNothingWritten(team.org, () => act(server, team.owner, request.id, "cancel"), 404, "not_found");
    const cancelled = await act(server, team.amal, request.id, "cancel");
    expect(cancelled.status).toBe(200);
    expect(requestOf(cancelled)).toMatchObject({ status: "cancelled", version: 2 });
    await refusedWithNothingWritten(
      team.org,
      () => act(server, team.amal, request.id, "cancel"),
      409,
      "request_not_waiting",
    );
    expect((await requestAudit(team.org)).map((entry) => entry.action)).toEqual([
      "request.created",
      "request.cancelled",
    ]);
  });

  it("of an unknown or malformed id is not found", async () => {
    const team = await requestTeam(server);
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(codeOf(await act(server, team.amal, id, "cancel"))).toEqual({ status: 404, code: "not_found" });
    }
  });
});

describe("accepting a cover", () => {
  it("by an eligible teammate: it waits for a manager, the author and the managers are told", async () => {
    const team = await requestTeam(server);
    const { shift, request } = await coverOffer(team);
    const accepted = await act(server, team.bilal, request.id, "accept");
    expect(accepted.status).toBe(200);
    expect(requestOf(accepted)).toMatchObject({
      status: "pending",
      taker: { user_id: team.bilal.user.person_id, first_name: "Bilal" },
      version: 2,
    });
    expect((await shiftRow(team.org, shift))?.user_id).toBe(team.amal.user.id);
    expect((await requestMessagesTo(team.amal)).map((message) => message.body)).toEqual([
      expect.stringContaining("Bilal Haddad accepted: giving away the shift"),
    ]);
    expect((await requestMessagesTo(team.owner)).map((message) => message.body)).toEqual([
      expect.stringMatching(/Amal Haddad asks for giving away the shift .* to Bilal Haddad\. .*\/admin\/request$/),
    ]);
  });

  it("the managers are told who takes it, in their language", async () => {
    const expected = {
      en: /^Cedar Café: Amal Haddad asks for giving away the shift .* to Bilal Haddad\. /,
      fr: /^Cedar Café : Amal Haddad demande la cession du service .* à Bilal Haddad\. /,
      es: /^Cedar Café: Amal Haddad solicita ceder el turno .* a Bilal Haddad\. /,
      ar: /^Cedar Café: يطلب Amal Haddad: التنازل عن الوردية .* لصالح Bilal Haddad\. /,
    };
    for (const [language, text] of Object.entries(expected)) {
      const team = await requestTeam(server);
      await personSettings(team.owner, { language });
      const { request } = await coverOffer(team);
      expect((await act(server, team.bilal, request.id, "accept")).status).toBe(200);
      expect((await requestMessagesTo(team.owner)).map((message) => message.body)).toEqual([
        expect.stringMatching(text),
      ]);
    }
  });

  it("named to one teammate: only they may; anyone else does not see it", async () => {
    const team = await requestTeam(server);
    const { request } = await coverOffer(team, team.bilal);
    await refusedWithNothingWritten(team.org, () => act(server, team.carla, request.id, "accept"), 404, "not_found");
    expect((await act(server, team.bilal, request.id, "accept")).status).toBe(200);
  });

  it("is refused to its author, to who cannot work the shift, and to who works then", async () => {
    const team = await requestTeam(server);
    const { request } = await coverOffer(team);
    await refusedWithNothingWritten(team.org, () => act(server, team.amal, request.id, "accept"), 422, "request_own");
    const outsider = await memberOf(server, team.org, "EMPLOYEE");
    await refusedWithNothingWritten(
      team.org,
      () => act(server, outsider, request.id, "accept"),
      422,
      "request_not_eligible",
    );
    await publishedShift(team, team.carla, inDays(3, 12));
    await refusedWithNothingWritten(
      team.org,
      () => act(server, team.carla, request.id, "accept"),
      409,
      "shift_overlap",
    );
  });

  it("applies at once when covers need no manager: the shift is the taker's, published, and the author is told", async () => {
    const team = await requestTeam(server, { cover_needs_approval: false });
    const { shift, request } = await coverOffer(team);
    const accepted = requestOf(await act(server, team.bilal, request.id, "accept"));
    expect(accepted).toMatchObject({ status: "approved", decision: { automatic: true, by: null } });
    expect(await shiftRow(team.org, shift)).toMatchObject({
      user_id: team.bilal.user.id,
      published_user_id: team.bilal.user.id,
    });
    // One transaction writes the acceptance and the approval: their entries share a time.
    const actions = (await requestAudit(team.org)).map((entry) => entry.action).sort();
    expect(actions).toEqual(["request.accepted", "request.approved", "request.created"]);
    expect((await requestMessagesTo(team.amal)).map((message) => message.body)).toEqual([
      expect.stringContaining("accepted"),
      expect.stringContaining("Your request was approved: giving away the shift"),
    ]);
    // Nobody is asked to decide what no longer waits.
    expect(await requestMessagesTo(team.owner)).toEqual([]);
  });

  it("always waits for a manager when the shift starts within the deadline", async () => {
    const team = await requestTeam(server, { cover_needs_approval: false, deadline_hours: 48 });
    const { shift, request } = await coverOffer(team, undefined, inHours(30));
    expect(requestOf(await act(server, team.bilal, request.id, "accept")).status).toBe("pending");
    expect((await shiftRow(team.org, shift))?.user_id).toBe(team.amal.user.id);
  });

  it("two teammates accepting at once: exactly one takes it, the other is told it no longer waits", async () => {
    const team = await requestTeam(server, { cover_needs_approval: false });
    const { shift, request } = await coverOffer(team);
    const [bilal, carla] = await Promise.all([
      act(server, team.bilal, request.id, "accept"),
      act(server, team.carla, request.id, "accept"),
    ]);
    const answers = [bilal, carla];
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409) as Answer;
    expect(["request_not_waiting", "request_shift_taken"]).toContain(codeOf(loser).code);
    const winner = bilal.status === 200 ? team.bilal : team.carla;
    expect(await shiftRow(team.org, shift)).toMatchObject({ user_id: winner.user.id });
    expect(await requestRow(team.org, request.id)).toMatchObject({ status: "approved", taker_id: winner.user.id });
  });

  it("of a shift a manager moved meanwhile: the offer expired with the shift's change", async () => {
    const team = await requestTeam(server);
    const { shift, request } = await coverOffer(team);
    const row = await shiftRow(team.org, shift);
    const moved = await call(server, team.owner, "PATCH", `/api/schedule/shifts/${shift}`, {
      version: row?.version,
      starts_at: inDays(3, 10),
    });
    expect(moved.status).toBe(200);
    expect(await requestRow(team.org, request.id)).toMatchObject({ status: "expired", closed_code: "shift_changed" });
    await refusedWithNothingWritten(
      team.org,
      () => act(server, team.bilal, request.id, "accept"),
      409,
      "request_not_waiting",
    );
  });
});

describe("answering a swap", () => {
  async function swapOffer(team: Team, theirsHours = 8) {
    const mine = await publishedShift(team, team.amal, inDays(3));
    const theirs = await publishedShift(team, team.bilal, inDays(4), theirsHours);
    const request = await asked(server, team.amal, { kind: "swap", shift_id: mine, other_shift_id: theirs });
    return { mine, theirs, request };
  }

  it("only the teammate named may accept; then it waits for a manager", async () => {
    const team = await requestTeam(server);
    const { request } = await swapOffer(team);
    await refusedWithNothingWritten(team.org, () => act(server, team.carla, request.id, "accept"), 404, "not_found");
    const accepted = requestOf(await act(server, team.bilal, request.id, "accept"));
    expect(accepted).toMatchObject({ status: "pending", taker: null });
  });

  it("applies at once when swaps need no manager: both shifts change hands and are published", async () => {
    const team = await requestTeam(server, { swap_needs_approval: false });
    const { mine, theirs, request } = await swapOffer(team);
    expect(requestOf(await act(server, team.bilal, request.id, "accept")).status).toBe("approved");
    expect(await shiftRow(team.org, mine)).toMatchObject({
      user_id: team.bilal.user.id,
      published_user_id: team.bilal.user.id,
    });
    expect(await shiftRow(team.org, theirs)).toMatchObject({
      user_id: team.amal.user.id,
      published_user_id: team.amal.user.id,
    });
  });

  it("between two people of the same job applies at once only when it makes no overtime", async () => {
    const team = await requestTeam(server, { swap_same_job_auto: true });
    const plain = await swapOffer(team);
    expect(requestOf(await act(server, team.bilal, plain.request.id, "accept")).status).toBe("approved");
    // A 10-hour shift is over the board's 8-hour day for whoever takes it.
    const other = await requestTeam(server, { swap_same_job_auto: true });
    const long = await swapOffer(other, 10);
    expect(requestOf(await act(server, other.bilal, long.request.id, "accept")).status).toBe("pending");
    expect((await shiftRow(other.org, long.theirs))?.user_id).toBe(other.bilal.user.id);
    expect((await requestAudit(other.org)).map((entry) => entry.action)).toEqual([
      "request.created",
      "request.accepted",
    ]);
  });

  it("the teammate may turn it down, with or without a reason; the author is told", async () => {
    const team = await requestTeam(server);
    const { request } = await swapOffer(team);
    await refusedWithNothingWritten(team.org, () => act(server, team.carla, request.id, "refuse"), 404, "not_found");
    const refused = await act(server, team.bilal, request.id, "refuse", { reason: "Family dinner" });
    expect(requestOf(refused)).toMatchObject({ status: "refused", refusal_reason: "Family dinner" });
    expect((await requestMessagesTo(team.amal)).map((message) => message.body)).toEqual([
      expect.stringContaining("Bilal Haddad turned down: swapping the shift"),
    ]);
    await refusedWithNothingWritten(
      team.org,
      () => act(server, team.bilal, request.id, "refuse"),
      409,
      "request_not_waiting",
    );
    const audit = await requestAudit(team.org);
    expect(audit.at(-1)).toMatchObject({ action: "request.refused", reason: "Family dinner" });
  });

  it("a cover offered to everyone is not turned down by anyone (nobody is named)", async () => {
    const team = await requestTeam(server);
    const { request } = await coverOffer(team);
    await refusedWithNothingWritten(team.org, () => act(server, team.bilal, request.id, "refuse"), 404, "not_found");
  });

  it("accepting a swap whose other shift was deleted: the swap expired with it", async () => {
    const team = await requestTeam(server);
    const { theirs, request } = await swapOffer(team);
    expect((await call(server, team.owner, "DELETE", `/api/schedule/shifts/${theirs}`)).status).toBe(204);
    expect(await requestRow(team.org, request.id)).toMatchObject({ status: "expired", closed_code: "shift_gone" });
    await refusedWithNothingWritten(
      team.org,
      () => act(server, team.bilal, request.id, "accept"),
      409,
      "request_not_waiting",
    );
  });
});

describe("my requests", () => {
  it("lists mine newest first, and what teammates offer me: covers I may take and swaps naming me", async () => {
    const team = await requestTeam(server);
    const everyone = await coverOffer(team);
    const toCarla = await asked(server, team.amal, {
      kind: "cover",
      shift_id: await publishedShift(team, team.amal, inDays(5)),
      to_user_id: team.carla.user.person_id,
    });
    const swap = await asked(server, team.amal, {
      kind: "swap",
      shift_id: await publishedShift(team, team.amal, inDays(6)),
      other_shift_id: await publishedShift(team, team.bilal, inDays(7)),
    });
    const mine = (await call(server, team.amal, "GET", "/api/my/requests")).json<{
      requests: Request[];
      offers: Request[];
    }>();
    expect(mine.requests.map((request) => request.id)).toEqual([swap.id, toCarla.id, everyone.request.id]);
    expect(mine.offers).toEqual([]);
    const bilals = (await call(server, team.bilal, "GET", "/api/my/requests")).json<{ offers: Request[] }>();
    expect(bilals.offers.map((request) => request.id)).toEqual([everyone.request.id, swap.id]);
    const carlas = (await call(server, team.carla, "GET", "/api/my/requests")).json<{ offers: Request[] }>();
    expect(carlas.offers.map((request) => request.id)).toEqual([everyone.request.id, toCarla.id]);
    const outsider = await memberOf(server, team.org, "EMPLOYEE");
    const theirs = (await call(server, outsider, "GET", "/api/my/requests")).json<{ offers: Request[] }>();
    expect(theirs.offers).toEqual([]);
  });

  it("a request decided long ago drops out; one still waiting stays", async () => {
    const team = await requestTeam(server);
    const old = await coverOffer(team);
    const decided = await coverOffer(team, undefined, inDays(4));
    await act(server, team.amal, decided.request.id, "cancel");
    const { testDatabase } = await import("../../test/database.ts");
    const { withOrganization } = await import("../lib/db/tenancy.ts");
    const { db } = await testDatabase();
    await withOrganization(db, team.org, (tx) =>
      tx
        .updateTable("requests")
        .set({ created_at: new Date(Date.now() - 100 * 86_400_000) })
        .where("organization_id", "=", team.org)
        .execute(),
    );
    const mine = (await call(server, team.amal, "GET", "/api/my/requests")).json<{ requests: Request[] }>();
    expect(mine.requests.map((request) => request.id)).toEqual([old.request.id]);
  });

  it("a cover offered to everyone reaches only the teammates free then: not who works at that time", async () => {
    const team = await requestTeam(server);
    const starts = inDays(3);
    // Carla works an hour into Amal's shift; Bilal is free.
    await publishedShift(team, team.carla, new Date(Date.parse(starts) - 2 * 3_600_000).toISOString(), 3);
    const { request } = await coverOffer(team, undefined, starts);
    expect((await requestMessagesTo(team.bilal)).map((message) => message.body)).toEqual([
      expect.stringContaining("Amal Haddad offers you their shift"),
    ]);
    expect(await requestMessagesTo(team.carla)).toEqual([]);
    const offersOf = async (who: Team["bilal"]) =>
      (await call(server, who, "GET", "/api/my/requests")).json<{ offers: Request[] }>().offers.map((r) => r.id);
    expect(await offersOf(team.bilal)).toEqual([request.id]);
    expect(await offersOf(team.carla)).toEqual([]);
    // Bilal books himself then afterwards: the offer leaves his list too.
    await publishedShift(team, team.bilal, new Date(Date.parse(starts) + 7 * 3_600_000).toISOString(), 4);
    expect(await offersOf(team.bilal)).toEqual([]);
  });

  it("what I said yes to stays in my `accepted` (waiting or decided lately, newest first), no longer in offers", async () => {
    const team = await requestTeam(server);
    const cover = await coverOffer(team);
    const swap = await asked(server, team.amal, {
      kind: "swap",
      shift_id: await publishedShift(team, team.amal, inDays(6)),
      other_shift_id: await publishedShift(team, team.bilal, inDays(7)),
    });
    const old = await coverOffer(team, undefined, inDays(9));
    const refused = await asked(server, team.amal, {
      kind: "swap",
      shift_id: await publishedShift(team, team.amal, inDays(10)),
      other_shift_id: await publishedShift(team, team.bilal, inDays(11)),
    });
    const listOf = async (who: Team["bilal"]) => {
      const response = await call(server, who, "GET", "/api/my/requests");
      expect(response.status, response.text).toBe(200);
      const body = response.json<{ requests: Request[]; offers: Request[]; accepted: Request[] }>();
      expect(myRequestsResponseSchema.parse(body)).toEqual(body);
      const ids = (list: Request[]) => list.map((request) => request.id);
      return { requests: ids(body.requests), offers: ids(body.offers), accepted: body.accepted };
    };
    expect(await listOf(team.bilal)).toEqual({
      requests: [],
      offers: [cover.request.id, swap.id, old.request.id, refused.id],
      accepted: [],
    });
    const oldTaken = requestOf(await act(server, team.bilal, old.request.id, "accept"));
    expect((await approve(server, team.owner, oldTaken)).status).toBe(200);
    expect((await act(server, team.bilal, refused.id, "refuse")).status).toBe(200);
    expect((await act(server, team.bilal, cover.request.id, "accept")).status).toBe(200);
    const swapTaken = requestOf(await act(server, team.bilal, swap.id, "accept"));
    expect((await approve(server, team.owner, swapTaken)).status).toBe(200);
    // Decided more than 90 days ago: out of the list.
    await inOrganization(team.org, (tx) =>
      tx
        .updateTable("requests")
        .set({ decided_at: new Date(Date.now() - 100 * 86_400_000) })
        .where("id", "=", old.request.id)
        .execute(),
    );
    const bilals = await listOf(team.bilal);
    expect(bilals).toMatchObject({ requests: [], offers: [] });
    expect(bilals.accepted.map((request) => [request.id, request.status])).toEqual([
      [swap.id, "approved"],
      [cover.request.id, "pending"],
    ]);
    expect(bilals.accepted[1]).toMatchObject({ taker: { user_id: team.bilal.user.person_id } });
    // Nobody else sees them as theirs.
    expect((await listOf(team.carla)).accepted).toEqual([]);
    expect((await listOf(team.amal)).accepted).toEqual([]);
  });

  it("an approved cover shows who took it and when it was decided", async () => {
    const team = await requestTeam(server);
    const { request } = await coverOffer(team);
    const pending = requestOf(await act(server, team.bilal, request.id, "accept"));
    expect((await approve(server, team.owner, pending)).status).toBe(200);
    const mine = (await call(server, team.amal, "GET", "/api/my/requests")).json<{ requests: Request[] }>();
    expect(mine.requests[0]).toMatchObject({
      status: "approved",
      taker: { user_id: team.bilal.user.person_id },
      decision: { by: { user_id: team.owner.user.person_id }, automatic: false },
    });
  });
});
