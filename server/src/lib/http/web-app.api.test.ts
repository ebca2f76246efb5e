import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/server.ts";

/** A stand-in for web/dist with the same layout as a Vite build. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-dist-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.mkdirSync(path.join(dir, "locales", "en"), { recursive: true });
  fs.writeFileSync(path.join(dir, "index.html"), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log(1)");
  fs.writeFileSync(path.join(dir, "locales", "en", "common.json"), '{"hello":"Hello"}');
  fs.writeFileSync(path.join(dir, "locales-version.txt"), "v1abc\n");
  // The installable app: its service worker and its web app manifest.
  fs.writeFileSync(path.join(dir, "sw.js"), "self.skipWaiting()");
  fs.writeFileSync(path.join(dir, "manifest.webmanifest"), '{"name":"Workshift","start_url":"/my"}');
  return dir;
}

describe("serving the web app", () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebDist();
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("redirects / to /signin", async () => {
    const response = await server.request("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/signin");
    const withLanguage = await server.request("/?lng=ar");
    expect(withLanguage.headers.get("location")).toBe("/signin?lng=ar");
  });

  it.each([
    "/signin",
    "/signup",
    "/otpscreen",
    "/admin",
    "/admin/users/edit/7",
    "/admin/jobs-scheduling-dashboard/all",
    "/my",
    "/my/shifts",
    "/my/requests",
    "/my/profile",
  ])("answers the client route %s with the app", async (page) => {
    const response = await server.request(page);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.text).toContain('<div id="root">');
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers an unknown page with the app and 404, so it shows its not-found page", async () => {
    const response = await server.request("/no/such/page");
    expect(response.status).toBe(404);
    expect(response.text).toContain('<div id="root">');
  });

  it.each(["/dev/outbox", "/dev/outbox/", "/dev/anything"])(
    "answers the development page %s 404, as the built app has none",
    async (page) => {
      const response = await server.request(page);
      expect(response.status).toBe(404);
      expect(response.text).toContain('<div id="root">');
    },
  );

  it("caches translations for a year only when asked with this build's version", async () => {
    const current = await server.request("/locales/en/common.json?v=v1abc");
    expect(current.status).toBe(200);
    expect(current.json()).toEqual({ hello: "Hello" });
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // An older (or a made-up) version gets today's file, but not to keep: the next build may change it.
    const other = await server.request("/locales/en/common.json?v=v0old");
    expect(other.status).toBe(200);
    expect(other.headers.get("cache-control")).toBe("no-cache");
    const index = await server.request("/index.html?v=v1abc");
    expect(index.headers.get("cache-control")).toBe("no-cache");
  });

  it("caches hashed assets for a year and translations only with revalidation", async () => {
    const asset = await server.request("/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const locale = await server.request("/locales/en/common.json");
    expect(locale.status).toBe(200);
    expect(locale.json()).toEqual({ hello: "Hello" });
    expect(locale.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves the service worker and the web app manifest with their types, revalidated each time", async () => {
    const worker = await server.request("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    // A new build's worker must reach the phones at once: never kept without asking.
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const manifest = await server.request("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(manifest.json()).toMatchObject({ start_url: "/my" });
  });

  it("sends a strict Content Security Policy and the usual security headers", async () => {
    const response = await server.request("/signin");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves OpenAPI for every route at /api/docs/json, and the docs page", async () => {
    const spec = await server.request("/api/docs/json");
    expect(spec.status).toBe(200);
    const paths = Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain("/api/health");
    const docs = await server.request("/api/docs/", { redirect: "follow" });
    expect(docs.status).toBe(200);
    expect(docs.text).toMatch(/swagger/i);
  });
});

describe("serving the web app in production", () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebDist();
    server = await startTestServer({ webDist: dist, env: "production" });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("has no development page and no development API", async () => {
    for (const path of ["/dev/outbox", "/dev/outbox?to=x", "/dev/anything"]) {
      expect((await server.request(path)).status).toBe(404);
    }
    const api = await server.request("/api/dev/outbox");
    expect(api.status).toBe(404);
    expect(api.json()).toMatchObject({ code: "not_found" });
    expect((await server.request("/signin")).status).toBe(200);
  });
});
