import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/server.ts";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };

describe("compressed answers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      extend(app) {
        app.get("/api/test/big", { config: { access: "public" } }, async () => big);
        app.get("/api/test/small", { config: { access: "public" } }, async () => ({ ok: true }));
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
