import { describe, expect, it } from "vitest";
import { maskDestinations, redactLogLine, redactLogValue, redactText, redactUrl } from "./log-redaction.ts";

describe("URLs in the logs", () => {
  it("hide an invitation token, keeping what follows it", () => {
    expect(redactUrl("/api/invitations/abcDEF123_-x")).toBe("/api/invitations/[token]");
    expect(redactUrl("/api/invitations/abcDEF123/accept")).toBe("/api/invitations/[token]/accept");
    expect(redactUrl("/account/activate/abcDEF123?lng=ar")).toBe("/account/activate/[token]?lng=ar");
  });

  it("hide a calendar feed token (the .ics name is the secret)", () => {
    expect(redactUrl("/api/calendar/abcDEF123_-x.ics")).toBe("/api/calendar/[token]");
    expect(redactUrl("/api/calendar/abcDEF123_-x.ics?x=1")).toBe("/api/calendar/[token]?x=[redacted]");
  });

  it("mask a phone or an email in the query, however it is encoded", () => {
    expect(redactUrl("/api/auth/resend-otp?phone=96171123456")).toBe("/api/auth/resend-otp?phone=96****56");
    expect(redactUrl("/api/auth/resend-otp?phone=%2B96171123456&lng=fr")).toBe(
      "/api/auth/resend-otp?phone=+96****56&lng=fr",
    );
    expect(redactUrl("/api/auth/resend-otp?phone=+96171123456")).toBe("/api/auth/resend-otp?phone=+96****56");
    expect(redactUrl("/api/auth/resend-otp?email=sami.haddad%40example.com")).toBe(
      "/api/auth/resend-otp?email=s****@example.com",
    );
    expect(redactUrl("/api/dev/outbox?to=sami@example.com")).toBe("/api/dev/outbox?to=s****@example.com");
  });

  it("hide every other query value, unless its parameter never names a person", () => {
    expect(redactUrl("/api/people?search=Sami%20Haddad&role=EMPLOYEE&page=2")).toBe(
      "/api/people?search=[redacted]&role=EMPLOYEE&page=2",
    );
    expect(redactUrl("/api/organizations?search=cedar")).toBe("/api/organizations?search=[redacted]");
    expect(redactUrl("/api/my/shifts?from=2025-01-06&to=2025-01-12")).toBe(
      "/api/my/shifts?from=2025-01-06&to=[redacted]",
    );
    expect(redactUrl("/api/people?search=&flag")).toBe("/api/people?search=&flag");
  });

  it("come out the same when redacted again", () => {
    for (const url of ["/api/auth/resend-otp?phone=%2B96171123456", "/api/x?email=sami%40example.com&search=x"]) {
      expect(redactUrl(redactUrl(url))).toBe(redactUrl(url));
    }
  });

  it("mask a phone or an email in a path segment", () => {
    expect(redactUrl("/api/x/96171123456/y")).toBe("/api/x/96****56/y");
    expect(redactUrl("/api/x/sami@example.com")).toBe("/api/x/s****@example.com");
  });

  it("leave ids, dates and plain paths as they are", () => {
    expect(redactUrl("/api/health")).toBe("/api/health");
    expect(redactUrl("/api/people/123e4567-e89b-12d3-a456-426614174000")).toBe(
      "/api/people/123e4567-e89b-12d3-a456-426614174000",
    );
    expect(redactUrl("/api/schedule/boards/all/week?date=2025-01-06")).toBe(
      "/api/schedule/boards/all/week?date=2025-01-06",
    );
  });
});

describe("text in the logs", () => {
  it("masks phones written in any usual way and email addresses", () => {
    expect(maskDestinations("The 'To' number +15005550001 is not a valid phone number.")).toBe(
      "The 'To' number +15****01 is not a valid phone number.",
    );
    expect(maskDestinations("Key (phone)=(96171123456) already exists.")).toBe(
      "Key (phone)=(96****56) already exists.",
    );
    expect(maskDestinations("call +961 71 123 456 now")).toBe("call +96****56 now");
    expect(maskDestinations("550 5.1.1 <nadia.h@example.org>: Recipient address rejected")).toBe(
      "550 5.1.1 <n****@example.org>: Recipient address rejected",
    );
  });

  it("leaves numbers that are not phones: ids, versions, times, addresses", () => {
    for (const text of [
      "message 123e4567-e89b-12d3-a456-426614174000 sent",
      "request a1b2c3d4e5f6-1a",
      "at 2025-01-06T10:00:00.000Z after 1234567 ms",
      "version 20250106.1234",
      "client 127.0.0.1:54321",
    ]) {
      expect(maskDestinations(text)).toBe(text);
    }
  });

  it("redacts a URL quoted in a message", () => {
    expect(redactText('Reply was already sent in "/api/auth/resend-otp?phone=96171123456" (GET)')).toBe(
      'Reply was already sent in "/api/auth/resend-otp?phone=96****56" (GET)',
    );
    expect(redactText("GET http://localhost:3000/api/invitations/abcDEF/accept failed")).toBe(
      "GET http://localhost:3000/api/invitations/[token]/accept failed",
    );
  });
});

describe("logged values", () => {
  it("hide credentials under any name for them, at any depth", () => {
    expect(
      redactLogValue({
        headers: { authorization: "Bearer eyJhbGciOi.x.y", cookie: "sid=abc", accept: "application/json" },
        refresh_token: "r3fr3sh",
        accessToken: "acc",
      }),
    ).toEqual({
      headers: { authorization: "[redacted]", cookie: "[redacted]", accept: "application/json" },
      refresh_token: "[redacted]",
      accessToken: "[redacted]",
    });
  });

  it("mask personal fields, whatever their value looks like", () => {
    expect(
      redactLogValue({
        body: { phone: "96171123456", email: "sami@example.com", first_name: "Sami", search: "Haddad" },
        recipients: ["nadia@example.org", 96170000001],
        email_verified: true,
      }),
    ).toEqual({
      body: { phone: "96****56", email: "s****@example.com", first_name: "[redacted]", search: "[redacted]" },
      recipients: ["n****@example.org", "96****01"],
      email_verified: true,
    });
  });

  it("redact a whole pino line: message, error and bindings alike", () => {
    const line = JSON.stringify({
      level: 50,
      time: 1736157600000,
      reqId: "a1b2c3d4e5f6-1",
      req: { method: "GET", url: "/api/auth/resend-otp?email=sami%40example.com" },
      err: {
        type: "DatabaseError",
        message: "duplicate key value violates unique constraint",
        detail: "Key (phone)=(96171123456) already exists.",
      },
      msg: "could not reach +96171123456",
    });
    const out = JSON.parse(redactLogLine(`${line}\n`));
    expect(out).toEqual({
      level: 50,
      time: 1736157600000,
      reqId: "a1b2c3d4e5f6-1",
      req: { method: "GET", url: "/api/auth/resend-otp?email=s****@example.com" },
      err: {
        type: "DatabaseError",
        message: "duplicate key value violates unique constraint",
        detail: "Key (phone)=(96****56) already exists.",
      },
      msg: "could not reach +96****56",
    });
    expect(redactLogLine(`${line}\n`).endsWith("}\n")).toBe(true);
  });
});
