import { describe, expect, it } from "vitest";
import { authErrorMessages } from "./auth-errors.ts";
import { classifyAuthFailure } from "./auth-failures.ts";

describe("classifyAuthFailure", () => {
  it("reads the API's codes", () => {
    expect(classifyAuthFailure(429, "rate_limited")).toBe("rateLimited");
    expect(classifyAuthFailure(429, undefined)).toBe("rateLimited");
    expect(classifyAuthFailure(400, "otp_invalid")).toBe("otpInvalid");
    expect(classifyAuthFailure(404, "account_not_found")).toBe("accountNotFound");
    expect(classifyAuthFailure(409, "account_exists")).toBe("accountExists");
    const emailTaken = {
      response: { status: 409, data: { code: "conflict", fields: { email: "account.emailTaken" } } },
    };
    expect(classifyAuthFailure(409, "conflict", emailTaken)).toBe("emailTaken");
    expect(classifyAuthFailure(409, "conflict")).toBe("generic");
    expect(classifyAuthFailure(403, "sms_country_not_allowed")).toBe("smsCountryNotAllowed");
    expect(classifyAuthFailure(400, "signature_invalid")).toBe("signatureInvalid");
    expect(classifyAuthFailure(400, "validation_failed")).toBe("invalidInput");
  });

  it("tells a network failure from anything else", () => {
    expect(classifyAuthFailure(undefined, undefined, new Error(authErrorMessages.network))).toBe("network");
    expect(classifyAuthFailure(500, "internal")).toBe("generic");
    expect(classifyAuthFailure(undefined, undefined, new Error("boom"))).toBe("generic");
  });
});
