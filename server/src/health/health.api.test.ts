import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/server.ts";

describe("GET /api/health", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("answers ok once the database is reachable", async () => {
    const response = await server.request("/api/health");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("carries a request id, and echoes one the caller sent", async () => {
    const fresh = await server.request("/api/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    const echoed = await server.request("/api/health", { headers: { "x-request-id": "trace-42" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-42");
  });
});

describe("stopping the server", () => {
  it("lets a request in flight finish, then closes", async () => {
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = await startTestServer({
      extend(app) {
        app.get("/api/test/slow", { config: { access: "public" } }, async () => {
          arrived();
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { finished: true };
        });
      },
    });
    const pending = server.request("/api/test/slow");
    await inFlight;
    const closing = server.close();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
