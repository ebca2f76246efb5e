import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const idFor = async (given: string) =>
  (await server.request("/api/health", { headers: { "x-request-id": given } })).headers.get("x-request-id");

describe("request ids", () => {
  it.each(["3f2c1a9e-7b4d-4e0f-9a1b-2c3d4e5f6a7b", "8a1b2c3d4e5f6789-CDG", "edge:42.7_x"])(
    "keeps a caller's id that looks like one (%s), so logs on both sides meet",
    async (given) => {
      expect(await idFor(given)).toBe(given);
    },
  );

  it.each([
    ["longer than 64 characters", "a".repeat(65)],
    ["10,000 characters", "a".repeat(10_000)],
    ["with spaces and quotes", 'a" injected="yes'],
    ["with a log line's brackets", "{level:60}"],
    ["with characters beyond ASCII", "idé"],
  ])("replaces one %s by its own", async (_what, given) => {
    const id = await idFor(given);
    expect(id).not.toBe(given);
    expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it("makes one when the caller sends none, different for each request", async () => {
    const first = (await server.request("/api/health")).headers.get("x-request-id");
    const second = (await server.request("/api/health")).headers.get("x-request-id");
    expect(first).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(second).not.toBe(first);
  });
});
