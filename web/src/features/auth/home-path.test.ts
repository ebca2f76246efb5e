import { describe, expect, it } from "vitest";
import { homePathForRole } from "./home-path.ts";

describe("homePathForRole", () => {
  it("sends a platform admin to job scheduling", () => {
    expect(homePathForRole("ADMIN")).toBe("/admin/jobs-scheduling");
  });

  it("sends any other role to the overview", () => {
    expect(homePathForRole("OWNER")).toBe("/admin");
    expect(homePathForRole("SUPERVISOR")).toBe("/admin");
    expect(homePathForRole("EMPLOYEE")).toBe("/admin");
  });

  it("sends a visitor without a role to sign-in", () => {
    expect(homePathForRole(undefined)).toBe("/signin");
    expect(homePathForRole("")).toBe("/signin");
  });
});
