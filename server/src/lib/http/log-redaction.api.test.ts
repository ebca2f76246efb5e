import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newEmail, requestCode, type SignedUp, signUp } from "../../../test/auth.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";

/**
 * What the server logs while people sign in and work, read line by line: no phone, email, name,
 * search, token or header value of theirs may be in it, whoever wrote the line (Fastify's request
 * log, an error, a route logging what it got).
 */

const lines: string[] = [];
let server: TestServer;
let owner: SignedUp;

/** Routes that log as carelessly as code might: the request's headers and body, an error quoting a row. */
function carelessRoutes(app: FastifyInstance) {
  app.post("/api/test/echo", { config: { access: "public" } }, async (request) => {
    request.log.info({ headers: request.headers, body: request.body }, "got a request");
    return {};
  });
  app.get("/api/test/fail", { config: { access: "public" } }, async () => {
    const error = new Error("insert failed for lina.k@example.org");
    // As a database error carries them: the row's values in `detail`.
    Object.assign(error, { detail: "Key (phone)=(96170123987) already exists." });
    throw error;
  });
}

beforeAll(async () => {
  server = await startTestServer({ logStream: { write: (line) => lines.push(line) }, extend: carelessRoutes });
  owner = await signUp(server);
});
afterAll(() => server.close());

const log = () => lines.join("");

describe("the request logs", () => {
  it("keep no phone from a sign-up: not from the query, the outbox or the body", async () => {
    await server.request("/api/auth/me", { headers: bearer(owner.access) });
    expect(log()).toContain("incoming request");
    expect(log()).toContain("/api/auth/resend-otp?phone=");
    expect(log()).not.toContain(owner.phone);
    expect(log()).not.toContain(owner.phone.slice(-6));
  });

  it("keep no email asked for a code, however it was encoded", async () => {
    const email = newEmail();
    await requestCode(server, { email });
    await server.request(`/api/auth/resend-otp?email=${email}`);
    expect(log()).toContain("/api/auth/resend-otp?email=p****@example.com");
    expect(log()).not.toContain(email);
    expect(log()).not.toContain(encodeURIComponent(email));
  });

  it("keep no search terms, names or tokens of the URL", async () => {
    await server.request("/api/people?search=Rana%20Haddad&page=1", { headers: bearer(owner.access) });
    await server.request("/api/invitations/SecretInvitationToken123");
    await server.request("/api/calendar/SecretFeedToken456.ics");
    expect(log()).toContain("/api/people?search=[redacted]&page=1");
    expect(log()).not.toMatch(/Rana|Haddad|SecretInvitationToken123|SecretFeedToken456/);
  });

  it("keep no header value or body field a route logs", async () => {
    await server.request("/api/test/echo", {
      method: "POST",
      headers: { ...bearer(owner.access), cookie: "session=CookieSecret789" },
      json: { phone: "96170123987", email: "lina.k@example.org", first_name: "Lina", refresh_token: owner.refresh },
    });
    expect(log()).toContain("got a request");
    expect(log()).not.toContain(owner.access);
    expect(log()).not.toContain(owner.refresh);
    expect(log()).not.toMatch(/CookieSecret789|96170123987|lina\.k@|Lina/);
  });

  it("keep no personal data quoted by an error", async () => {
    const failed = await server.request("/api/test/fail");
    expect(failed.status).toBe(500);
    expect(log()).toContain("request failed");
    expect(log()).toContain("Key (phone)=(96****87) already exists.");
    expect(log()).not.toMatch(/96170123987|lina\.k@/);
  });

  it("write every line as JSON", () => {
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});
