import { describe, expect, it } from "vitest";
import { problemOf } from "./problem.ts";

describe("what a refused request says", () => {
  it("names the last owner whatever the status", () => {
    expect(problemOf(409, "last_owner")).toBe("lastOwner");
  });

  it("tells network, permission, missing, conflict and input problems apart", () => {
    expect(problemOf(undefined, undefined)).toBe("network");
    expect(problemOf(403, "forbidden")).toBe("forbidden");
    expect(problemOf(404, "not_found")).toBe("notFound");
    expect(problemOf(409, "conflict")).toBe("conflict");
    expect(problemOf(429, "rate_limited")).toBe("rateLimited");
    expect(problemOf(429, "rate_limited", { csv: "people.importOverBudget" })).toBe("overBudget");
    expect(problemOf(429, "rate_limited", { phone: "people.invitationBudget" })).toBe("overBudget");
    expect(problemOf(422, "validation_failed")).toBe("invalid");
    expect(problemOf(500, "internal")).toBe("generic");
  });
});
