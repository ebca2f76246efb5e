import { describe, expect, it, vi } from "vitest";
import { cachedCheck } from "./routes.ts";

describe("cachedCheck", () => {
  it("asks once for probes that arrive together or within the freshness window", async () => {
    const check = vi.fn(async () => {});
    const isUp = cachedCheck(check, 1000);
    expect(await Promise.all([isUp(), isUp(), isUp()])).toEqual([true, true, true]);
    expect(await isUp()).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("reports a failing database as down, and asks again once the answer is stale", async () => {
    let up = false;
    const isUp = cachedCheck(async () => {
      if (!up) throw new Error("connection refused");
    }, 0);
    expect(await isUp()).toBe(false);
    up = true;
    expect(await isUp()).toBe(true);
  });
});

describe("GET /api/health when the database is gone", () => {
  it("answers 503 with the error shape", async () => {
    const { buildApp } = await import("../app.ts");
    const { loadConfig } = await import("../config.ts");
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", WEB_DIST: "" }),
      database: {
        db: {} as never,
        ping: () => Promise.reject(new Error("ECONNREFUSED")),
      },
    });
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "unavailable",
      error: "The database cannot be reached",
      code: "database_unavailable",
    });
    await app.close();
  });
});
