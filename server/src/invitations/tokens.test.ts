import { maskDestination } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { renderMessage } from "../delivery/render.ts";
import { activationLink, hashInvitationToken, newInvitationToken, TOKEN_PATTERN } from "./tokens.ts";

describe("invitation tokens", () => {
  it("are 32 random bytes in base64url, stored as their SHA-256", () => {
    const { token, hash } = newInvitationToken();
    expect(token).toMatch(TOKEN_PATTERN);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(hash).toBe(hashInvitationToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(newInvitationToken().token).not.toBe(token);
  });

  it("make the activation link under the public address", () => {
    expect(activationLink("https://shifts.example.com", "abc")).toBe("https://shifts.example.com/account/activate/abc");
  });
});

describe("the invitation message", () => {
  const params = { organization: "Cedar Café", inviter: "Rana Haddad", link: "https://x/account/activate/t", days: 7 };

  it.each([
    ["en", "expires in 7 days"],
    ["fr", "expire dans 7 jours"],
    ["es", "caduca en 7 días"],
    ["ar", "7 أيام"],
  ])("names the organization, the inviter, the link and the expiry in %s", (language, expiry) => {
    const message = renderMessage("invitation", language, params);
    for (const text of [message.sms.body, message.email.body]) {
      expect(text).toContain("Cedar Café");
      expect(text).toContain("Rana Haddad");
      expect(text).toContain(params.link);
      expect(text).toContain(expiry);
    }
    expect(message.email.subject).toContain("Cedar Café");
  });
});

describe("maskDestination", () => {
  it("hides most of a phone or an email", () => {
    expect(maskDestination({ kind: "phone", value: "96171123456" })).toBe("+961 •••• 56");
    expect(maskDestination({ kind: "phone", value: "15005550006" })).toBe("+1 •••• 06");
    expect(maskDestination({ kind: "email", value: "nadia@example.com" })).toBe("n•••@example.com");
  });
});
