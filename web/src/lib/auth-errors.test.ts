import { describe, expect, it } from "vitest";
import { authErrorMessages, isSessionEnded, networkFailureRedirect } from "./auth-errors.ts";

describe("auth error messages", () => {
  it("are the spec's words", () => {
    expect(authErrorMessages).toEqual({
      network: "Network error: Please check your internet connection.",
      noRefreshToken: "No refresh token available",
      invalidRefreshResponse: "Invalid refresh response - missing tokens",
      tooManyRefreshFailures: "Authentication failed after multiple attempts",
      loginFailed: "Login failed. Please check your credentials.",
      missingUser: "Failed to fetch user data",
    });
  });
});

describe("networkFailureRedirect", () => {
  it("sends the page to sign-in unless it is on sign-in or sign-up", () => {
    expect(networkFailureRedirect("/select-organization")).toBe("/signin");
    expect(networkFailureRedirect("/admin")).toBe("/signin");
    expect(networkFailureRedirect("/signin")).toBeNull();
    expect(networkFailureRedirect("/signup")).toBeNull();
  });
});

describe("isSessionEnded", () => {
  it("is true for refusals and failed refreshes, false for other failures", () => {
    expect(isSessionEnded(401, {})).toBe(true);
    expect(isSessionEnded(403, {})).toBe(true);
    expect(isSessionEnded(undefined, new Error(authErrorMessages.noRefreshToken))).toBe(true);
    expect(isSessionEnded(undefined, new Error(authErrorMessages.tooManyRefreshFailures))).toBe(true);
    expect(isSessionEnded(500, new Error("boom"))).toBe(false);
    expect(isSessionEnded(undefined, new Error(authErrorMessages.network))).toBe(false);
  });
});
