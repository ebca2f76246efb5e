import { todayIn } from "@workshift/contracts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newIp, type SignedUp, signUp } from "../../../test/auth.ts";
import { boardMembers, personJobs } from "../../../test/board-fixtures.ts";
import { hostileUrlPart, type Known, nulInEachString, requestValue } from "../../../test/hostile-input.ts";
import { apiOperations, type JsonSchema, type Operation, operationName } from "../../../test/openapi.ts";
import { invitationToken, invited } from "../../../test/people.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import { boardIn, jobIn, shiftIn } from "../../../test/shift-fixtures.ts";

/**
 * No request makes the server fail. For every operation of the API document:
 * a plausible body with each of its strings carrying a NUL in turn, then
 * bodies generated from its own request schema (plausible, with one field
 * made hostile: a hostile string or another type), then hostile path and
 * query values; sent by the OWNER of an organization whose rows the paths
 * and ids name. Every answer is below 500 and in the error shape when it is
 * a refusal. A fixed seed keeps runs the same (HOSTILE_SEED=<n> tries others);
 * a failure prints the seed and the smallest request that failed.
 */

const SEED = Number(process.env.HOSTILE_SEED ?? 20_260_415);
const BODY_RUNS = 15;
const URL_RUNS = 8;

// The document is read before the tests are collected: one test per operation.
const server: TestServer = await startTestServer();
const operations: Operation[] = await apiOperations(server);
const withBody = operations.filter((operation) => operation.body);
const withPathParameters = operations.filter((operation) => operation.parameters.some((p) => p.in === "path"));
const withQuery = operations.filter((operation) => operation.parameters.some((p) => p.in === "query"));
const named = (list: Operation[]) => list.map((operation) => [operationName(operation), operation] as const);

let owner: SignedUp;
let known: Known;
let pathValues: (path: string, name: string) => string;

beforeAll(async () => {
  owner = await signUp(server);
  const org = owner.organizationId;
  const call = async (method: string, path: string, json?: unknown) => {
    const response = await server.request(path, { method, headers: bearer(owner.access), json });
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
    return response.json<{ id?: string; template?: { id: string }; url?: string; request?: { id: string } }>();
  };

  const board = await boardIn(org, { zone: "Europe/Paris" });
  const job = await jobIn(org);
  const person = await invited(server, owner.access);
  const invitation = await invitationToken(server, person.phone);
  await boardMembers(org, board, [person.id, owner.user.id]);
  await personJobs(org, person.id, [job]);
  const shift = await shiftIn(org, board, {
    user: person.id,
    job,
    starts: "2026-06-08T07:00:00Z",
    ends: "2026-06-08T15:00:00Z",
  });
  const template = (
    await call("POST", "/api/schedule/templates", { board_id: board, name: "Week", date: "2026-06-08" })
  ).template?.id;
  const entry = (
    await call("POST", "/api/time-clock/entries", {
      user_id: person.id,
      clock_in_at: "2026-06-08T07:00:00Z",
      clock_out_at: "2026-06-08T15:00:00Z",
      reason: "Forgot to clock",
    })
  ).id;
  const asked = (
    await call("POST", "/api/my/requests", {
      kind: "availability",
      change: { type: "exception", date: todayIn("UTC"), kind: "unavailable" },
    })
  ).request?.id;
  const feed = await call("POST", "/api/my/calendar-feed");
  const calendar = feed.url?.match(/\/api\/calendar\/([^/]+)\.ics$/)?.[1];
  if (!template || !entry || !calendar || !asked) throw new Error("the organization's rows were not all made");
  // Time off's rows: the default leave types, a policy of the first, a holiday and blocked dates.
  const timeOff = async <T>(method: string, path: string, json?: unknown) => (await call(method, path, json)) as T;
  const setup = await timeOff<{ leave_types: { id: string }[] }>("GET", "/api/time-off/setup");
  const leaveType = setup.leave_types[0]?.id ?? "";
  const { policy } = await timeOff<{ policy: { id: string } }>("POST", "/api/time-off/policies", {
    leave_type_id: leaveType,
    name: "Yearly",
    accrual: "yearly",
    amount_minutes: 4800,
    per_worked_minutes: null,
    reset_month: 1,
    reset_day: 1,
    prorate: true,
    max_balance_minutes: null,
    carryover_max_minutes: null,
    waiting_days: 0,
    negative_allowance_minutes: 0,
  });
  const { holiday } = await timeOff<{ holiday: { id: string } }>("POST", "/api/time-off/holidays", {
    day: "2026-12-25",
    name: "Christmas",
  });
  const { block } = await timeOff<{ block: { id: string } }>("POST", "/api/time-off/blocks", {
    board_id: null,
    starts_on: "2026-12-20",
    ends_on: "2026-12-31",
    reason: "The season",
  });

  // A bare id or ids in a body is a shift's (checking a shift, bulk actions).
  known = {
    board,
    job,
    user: person.id,
    member: person.id,
    shift,
    other_shift: shift,
    "": shift,
    organization: org,
    leave_type: leaveType,
    policy: policy.id,
  };
  const byCollection: [string, string][] = [
    ["/api/people/", person.id],
    ["/api/jobs/", job],
    ["/api/boards/", board],
    ["/api/schedule/shifts/", shift],
    ["/api/schedule/templates/", template],
    ["/api/time-clock/entries/", entry],
    ["/api/invitations/", invitation],
    ["/api/calendar/", calendar],
    ["/api/my/requests/", asked],
    ["/api/requests/", asked],
    ["/api/time-off/types/", leaveType],
    ["/api/time-off/policies/", policy.id],
    ["/api/time-off/people/", person.id],
    ["/api/time-off/holidays/", holiday.id],
    ["/api/time-off/blocks/", block.id],
  ];
  pathValues = (path, name) => {
    if (name === "board" || name === "scope") return board;
    const value = byCollection.find(([prefix]) => path.startsWith(prefix))?.[1];
    if (!value) throw new Error(`no row for {${name}} in ${path}`);
    return value;
  };
}, 120_000);
afterAll(() => server.close());

/** The operation's path with its rows' ids, one parameter replaced by `hostile` (already URL-encoded). */
function pathOf(operation: Operation, hostile?: { name: string; value: string }): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    hostile?.name === name ? hostile.value : encodeURIComponent(pathValues(operation.path, name)),
  );
}

/** One request as the owner, from its own client address (so sending limits stay apart); a live stream is closed as soon as it answers. */
async function send(method: string, url: string, body?: string): Promise<{ status: number; text: string }> {
  const abort = new AbortController();
  const response = await fetch(server.url + url, {
    method,
    headers: {
      ...bearer(owner.access),
      "x-forwarded-for": newIp(),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body,
    signal: AbortSignal.any([abort.signal, AbortSignal.timeout(10_000)]),
  });
  if (response.headers.get("content-type")?.includes("text/event-stream")) {
    abort.abort();
    return { status: response.status, text: "" };
  }
  return { status: response.status, text: await response.text() };
}

/** Below 500, and a refusal carries its code. */
function expectHandled(answer: { status: number; text: string }, request: string) {
  expect(answer.status, `${request} → ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expect(JSON.parse(answer.text), request).toHaveProperty("code");
}

/** Bodies no client should send but anyone can: broken JSON, other types, a depth the parser must survive. */
const RAW_BODIES = [
  "{",
  "[1,",
  "null",
  "42",
  '"\\u0000"',
  "[]",
  '{"__proto__":{"admin":true}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
];

const shown = (body: string) => (body.length > 300 ? `${body.slice(0, 300)}… (${body.length} characters)` : body);

describe("hostile requests", () => {
  it("reach every operation that takes something", () => {
    expect(withBody.length).toBeGreaterThan(30);
    expect(withPathParameters.length).toBeGreaterThan(20);
    expect(withQuery.length).toBeGreaterThan(10);
  });

  it.each(named(withBody))(
    "%s: no body makes it fail",
    async (_, operation) => {
      const schema = operation.body as JsonSchema;
      const path = pathOf(operation);
      const body = fc.oneof(
        { arbitrary: requestValue(schema, known).map((value) => JSON.stringify(value)), weight: 6 },
        fc.constantFrom(...RAW_BODIES),
      );
      // First every string of a plausible body carrying a NUL, one at a time; then generated bodies.
      const examples = nulInEachString(schema, known).map((value) => [JSON.stringify(value)] as [string]);
      await fc.assert(
        fc.asyncProperty(body, async (json) => {
          expectHandled(await send(operation.method, path, json), `${operation.method} ${path} ${shown(json)}`);
        }),
        { numRuns: examples.length + BODY_RUNS, seed: SEED, examples },
      );
    },
    60_000,
  );

  it.each(named(withPathParameters))(
    "%s: no path makes it fail",
    async (_, operation) => {
      const names = operation.parameters.filter((p) => p.in === "path").map((p) => p.name);
      const body = operation.body ? "{}" : undefined;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), hostileUrlPart, async (name, value) => {
          const path = pathOf(operation, { name, value });
          expectHandled(await send(operation.method, path, body), `${operation.method} ${path}`);
        }),
        { numRuns: names.length + URL_RUNS, seed: SEED, examples: names.map((name) => [name, "a%00b"]) },
      );
    },
    60_000,
  );

  it.each(named(withQuery))(
    "%s: no query makes it fail",
    async (_, operation) => {
      const names = operation.parameters.filter((p) => p.in === "query").map((p) => p.name);
      const path = pathOf(operation);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), hostileUrlPart, async (name, value) => {
          const url = `${path}?${encodeURIComponent(name)}=${value}`;
          expectHandled(await send(operation.method, url), `${operation.method} ${url}`);
        }),
        { numRuns: names.length + URL_RUNS, seed: SEED, examples: names.map((name) => [name, "a%00b"]) },
      );
    },
    60_000,
  );
});
