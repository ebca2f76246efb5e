import { describe, expect, it } from "vitest";
import { isClientRoute } from "./client-routes.ts";

describe("isClientRoute", () => {
  it("knows the public and admin pages of spec §2", () => {
    for (const path of ["/", "/signin", "/signup", "/otpscreen", "/select-organization", "/404"]) {
      expect(isClientRoute(path)).toBe(true);
    }
    expect(isClientRoute("/admin")).toBe(true);
    expect(isClientRoute("/admin/users/edit/42")).toBe(true);
    expect(isClientRoute("/admin/jobs-scheduling-dashboard/all")).toBe(true);
    expect(isClientRoute("/account/activate/abc")).toBe(true);
  });

  it("ignores one trailing slash", () => {
    expect(isClientRoute("/signin/")).toBe(true);
  });

  it("refuses unknown paths and missing parameters", () => {
    expect(isClientRoute("/nope")).toBe(false);
    expect(isClientRoute("/admin/unknown")).toBe(false);
    expect(isClientRoute("/admin/users/edit/")).toBe(false);
    expect(isClientRoute("/admin/time-clock")).toBe(false);
  });

  it("has no development page: the built app has none", () => {
    expect(isClientRoute("/dev/outbox")).toBe(false);
    expect(isClientRoute("/dev/outbox/")).toBe(false);
  });
});
