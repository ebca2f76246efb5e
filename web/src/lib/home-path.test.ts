import { describe, expect, it } from "vitest";
import { homePathForRole } from "./home-path.ts";

describe("homePathForRole", () => {
  it("sends a platform admin to job scheduling", () => {
    expect(homePathForRole("ADMIN")).toBe("/admin/jobs-scheduling");
  });

  it("sends an employee to their own area", () => {
    expect(homePathForRole("EMPLOYEE")).toBe("/my");
  });

  it("sends owners and supervisors to the overview", () => {
    expect(homePathForRole("OWNER")).toBe("/admin");
    expect(homePathForRole("SUPERVISOR")).toBe("/admin");
  });

  it("sends a visitor without a role to sign-in", () => {
    expect(homePathForRole(undefined)).toBe("/signin");
    expect(homePathForRole("")).toBe("/signin");
  });
});
