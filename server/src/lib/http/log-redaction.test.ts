import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction.ts";

describe("URLs in the logs", () => {
  it("hide an invitation token, keeping what follows it", () => {
    expect(redactUrl("/api/invitations/abcDEF123_-x")).toBe("/api/invitations/[token]");
    expect(redactUrl("/api/invitations/abcDEF123/accept")).toBe("/api/invitations/[token]/accept");
    expect(redactUrl("/account/activate/abcDEF123?lng=ar")).toBe("/account/activate/[token]?lng=ar");
  });

  it("hide a calendar feed token (the .ics name is the secret)", () => {
    expect(redactUrl("/api/calendar/abcDEF123_-x.ics")).toBe("/api/calendar/[token]");
    expect(redactUrl("/api/calendar/abcDEF123_-x.ics?x=1")).toBe("/api/calendar/[token]?x=1");
  });

  it("leave other URLs as they are", () => {
    expect(redactUrl("/api/people?search=sami")).toBe("/api/people?search=sami");
    expect(redactUrl("/api/health")).toBe("/api/health");
  });
});
