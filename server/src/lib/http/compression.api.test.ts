import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../../test/auth.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import { boardIn, shiftIn } from "../../../test/shift-fixtures.ts";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };

describe("compressed answers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      extend(app) {
        app.get("/api/test/big", { config: { access: "public", compressAnswers: true } }, async () => big);
        app.get("/api/test/small", { config: { access: "public", compressAnswers: true } }, async () => ({ ok: true }));
        // A route that does not say its answers can be big: never compressed, whatever their size.
        app.get("/api/test/undeclared", { config: { access: "public" } }, async () => big);
      },
    });
  });
  afterAll(() => server.close());

  const get = (path: string, encoding: string) => server.request(path, { headers: { "accept-encoding": encoding } });

  it("compresses JSON of 1 KB or more with brotli or gzip, as the client accepts", async () => {
    const brotli = await get("/api/test/big", "gzip, deflate, br");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(brotli.json()).toEqual(big);
    const gzip = await get("/api/test/big", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.json()).toEqual(big);
  });

  it("leaves small answers and clients that accept no compression alone", async () => {
    expect((await get("/api/test/small", "gzip, br")).headers.get("content-encoding")).toBeNull();
    const plain = await get("/api/test/big", "identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.json()).toEqual(big);
  });

  it("leaves alone the answers of API routes that do not say they can be big", async () => {
    const answer = await get("/api/test/undeclared", "gzip, br");
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(answer.json()).toEqual(big);
  });

  it("compresses the big answers of the app's own routes: a week of shifts, the API document", async () => {
    const owner = await signUp(server);
    const board = await boardIn(owner.organizationId);
    for (let day = 2; day <= 8; day++) {
      const date = `2031-06-0${day}`;
      await shiftIn(owner.organizationId, board, { starts: `${date}T07:00:00.000Z`, ends: `${date}T15:00:00.000Z` });
    }
    const week = await server.request(`/api/schedule/boards/${board}/week?date=2031-06-02`, {
      headers: { ...bearer(owner.access), "accept-encoding": "br" },
    });
    expect(week.status).toBe(200);
    expect(week.headers.get("content-encoding")).toBe("br");
    expect((await get("/api/docs/json", "gzip")).headers.get("content-encoding")).toBe("gzip");
  });

  it("does not take compressed request bodies", async () => {
    const response = await server.request("/api/auth/refresh", {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: "{}",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe("compressed web app files", () => {
  let server: TestServer;
  let dist: string;
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, "assets", "index-abc123.js"), script);
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("compresses the app's scripts", async () => {
    const asset = await server.request("/assets/index-abc123.js", { headers: { "accept-encoding": "br" } });
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(asset.text).toBe(script);
  });
});
