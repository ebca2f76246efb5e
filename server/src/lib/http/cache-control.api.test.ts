import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type SignedUp, signUp } from "../../../test/auth.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";

/**
 * No API answer may be kept by a browser's disk cache or a proxy unless its route says so: every
 * GET of /api/docs/json, called as an owner, answers `Cache-Control: no-store`, or what the route
 * declares (`x-cache-control`) when it succeeds.
 */

const ANY_ID = "00000000-0000-4000-8000-000000000000";

interface Read {
  path: string;
  declared: string | undefined;
}

let server: TestServer;
let owner: SignedUp;
let reads: Read[];

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server);
  const spec = (await server.request("/api/docs/json")).json<{
    paths: Record<string, Record<string, { "x-cache-control"?: string }>>;
  }>();
  // Signing out (a GET in the spec) ends the owner's session, so it is read last.
  reads = Object.entries(spec.paths)
    .flatMap(([path, methods]) => (methods.get ? [{ path, declared: methods.get["x-cache-control"] }] : []))
    .sort((a, b) => Number(a.path === "/api/auth/logout") - Number(b.path === "/api/auth/logout"));
}, 60_000);
afterAll(() => server.close());

const directives = (header: string | null) => (header ?? "").split(",").map((part) => part.trim());

/** Status and Cache-Control of one GET (as the owner by default); a live stream is closed once it answered. */
async function get(path: string, access = owner.access): Promise<{ status: number; cacheControl: string | null }> {
  const abort = new AbortController();
  const response = await fetch(server.url + path, { headers: bearer(access), signal: abort.signal });
  const result = { status: response.status, cacheControl: response.headers.get("cache-control") };
  if (response.headers.get("content-type")?.includes("text/event-stream")) abort.abort();
  else await response.arrayBuffer();
  return result;
}

describe("caching of API answers", () => {
  it("is no-store on every GET route unless the route declares otherwise", async () => {
    expect(reads.length).toBeGreaterThan(30);
    // An owner of their own: the walk signs out at its end.
    const walker = await signUp(server);
    const wrong: string[] = [];
    for (const { path, declared } of reads) {
      const { status, cacheControl } = await get(path.replace(/\{[^}]+\}/g, ANY_ID), walker.access);
      const ok =
        declared !== undefined && status < 400
          ? cacheControl === declared
          : directives(cacheControl).includes("no-store");
      if (!ok) wrong.push(`GET ${path} answered ${status} with Cache-Control ${cacheControl ?? "(none)"}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it.each([
    "/api/auth/me",
    "/api/people",
    "/api/people/permissions",
    "/api/company/details",
    "/api/my/shifts",
    "/api/my/clock",
    "/api/overview",
  ])("keeps %s, someone's data, out of every cache", async (path) => {
    const { status, cacheControl } = await get(path);
    expect(status).toBe(200);
    expect(cacheControl).toBe("no-store");
  });

  it("keeps a person's own record and the timesheets out of every cache", async () => {
    for (const path of [`/api/people/${owner.user.person_id}`, "/api/time-clock/boards/all/timesheets"]) {
      const { status, cacheControl } = await get(path);
      expect(status).toBe(200);
      expect(cacheControl).toBe("no-store");
    }
  });

  it("never caches a refusal or an unknown API path, whatever the method", async () => {
    const refused = await server.request("/api/auth/verify-otp", { method: "POST", json: {} });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const unknown = await server.request("/api/no/such/thing");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("no-store");
    const unsigned = await server.request("/api/auth/me");
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
    expect(unsigned.headers.get("cache-control")).toBe("no-store");
  });

  it("lets a route declare its own caching for its answers, not for its refusals", async () => {
    const declared = reads.filter((read) => read.declared !== undefined).map((read) => read.path);
    expect(declared).toEqual(["/api/calendar/{token}.ics"]);
    const unknownFeed = await get("/api/calendar/no-such-feed.ics");
    expect(unknownFeed.status).toBe(404);
    expect(unknownFeed.cacheControl).toBe("no-store");
  });
});
