import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../../test/auth.ts";
import { startTestServer, type TestResponse, type TestServer } from "../../../test/server.ts";

/**
 * Documents (the web app's pages and files) carry every security header; API answers carry
 * those that matter on data: no type sniffing, HTTPS only, no other site loading them.
 */

const API_ANSWER_HEADERS = {
  "x-content-type-options": "nosniff",
  "strict-transport-security": "max-age=15552000; includeSubDomains",
  "cross-origin-resource-policy": "same-origin",
};
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(path.join(dist, "index.html"), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
  server = await startTestServer({ webDist: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function expectDocumentHeaders(response: TestResponse) {
  for (const [name, value] of Object.entries(API_ANSWER_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers.get(name), name).not.toBeNull();
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
}

function expectApiAnswerHeaders(response: TestResponse) {
  for (const [name, value] of Object.entries(API_ANSWER_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers.get(name), name).toBeNull();
}

describe("security headers", () => {
  it("are all sent on the web app's pages, its files and its not-found page", async () => {
    for (const page of ["/signin", "/assets/index-abc123.js", "/no-such-page"]) {
      const response = await server.request(page);
      expect(response.status, page).toBeLessThan(500);
      expectDocumentHeaders(response);
    }
  });

  it("are all sent on the API's documentation page, which is HTML", async () => {
    const docs = await server.request("/api/docs/", { redirect: "follow" });
    expect(docs.status).toBe(200);
    for (const [name, value] of Object.entries(API_ANSWER_HEADERS)) expect(docs.headers.get(name), name).toBe(value);
    expect(docs.headers.get("content-security-policy")).not.toBeNull();
    expect(docs.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("are those that matter on data on API answers, refusals and errors included", async () => {
    const owner = await signUp(server);
    const answers = [
      await server.request("/api/health"),
      await server.request("/api/auth/me", { headers: bearer(owner.access) }),
      await server.request("/api/auth/me"),
      await server.request("/api/no-such-route"),
      await server.request("/api/auth/v2/refresh-token", { method: "POST", json: { nothing: true } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 403, 404, 400]);
    for (const answer of answers) expectApiAnswerHeaders(answer);
  });
});
