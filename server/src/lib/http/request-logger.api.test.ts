import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/server.ts";

/**
 * Every line a request writes names the request by its id, the one its answer carries in
 * `x-request-id`; a request whose route logs only warnings (the health probe) writes nothing
 * when it succeeds.
 */

const lines: string[] = [];
let server: TestServer;

function loggingRoutes(app: FastifyInstance) {
  app.get("/api/test-logs/warns", { config: { access: "public" } }, async (request) => {
    request.log.warn({ detail: "x" }, "something to look at");
    request.log.debug("not written at info");
    return { ok: true };
  });
  app.get("/api/test-logs/child", { config: { access: "public" } }, async (request) => {
    request.log.child({ part: "inner" }).info("from a child");
    return { ok: true };
  });
}

beforeAll(async () => {
  server = await startTestServer({ logStream: { write: (line) => lines.push(line) }, extend: loggingRoutes });
});
afterAll(() => server.close());

const written = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("request logs", () => {
  it("carry the request's id, as its answer's x-request-id, on every line it writes", async () => {
    const response = await server.request("/api/test-logs/warns");
    const id = response.headers.get("x-request-id");
    expect(id).toBeTruthy();
    const mine = written().filter((line) => line.reqId === id);
    expect(mine.map((line) => line.msg)).toEqual(["incoming request", "something to look at", "request completed"]);
    expect(mine.find((line) => line.msg === "something to look at")).toMatchObject({ level: 40, detail: "x" });
  });

  it("carry the id in lines of a logger made from the request's", async () => {
    const response = await server.request("/api/test-logs/child", { headers: { "x-request-id": "edge-42" } });
    expect(response.headers.get("x-request-id")).toBe("edge-42");
    expect(written().find((line) => line.msg === "from a child")).toMatchObject({ reqId: "edge-42", part: "inner" });
  });

  it("are not written for a health probe that succeeds, though its answer has an id", async () => {
    const response = await server.request("/api/health", { headers: { "x-request-id": "probe-1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("probe-1");
    expect(written().filter((line) => line.reqId === "probe-1")).toEqual([]);
  });
});
