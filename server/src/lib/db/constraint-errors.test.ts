import { describe, expect, it } from "vitest";
import { refusingConstraints, rethrowConstraint, violatedConstraint } from "./constraint-errors.ts";

/** The two fields of pg-protocol's DatabaseError that matter here, as `pg` and PGlite both raise it. */
const databaseError = (code: string, constraint?: string) =>
  Object.assign(new Error("violates a constraint"), { code, constraint });

describe("violatedConstraint", () => {
  it("names the constraint of an integrity violation, whatever its kind", () => {
    expect(violatedConstraint(databaseError("23505", "jobs_active_name"))).toEqual({
      code: "23505",
      constraint: "jobs_active_name",
    });
    expect(violatedConstraint(databaseError("23P01", "shifts_no_overlap"))).toEqual({
      code: "23P01",
      constraint: "shifts_no_overlap",
    });
  });

  it("is undefined for anything else: another SQLSTATE, no constraint named, not a database error", () => {
    expect(violatedConstraint(databaseError("40001", "shifts_no_overlap"))).toBeUndefined();
    expect(violatedConstraint(databaseError("23505"))).toBeUndefined();
    expect(violatedConstraint(Object.assign(new Error("no"), { code: "ECONNRESET" }))).toBeUndefined();
    expect(violatedConstraint(new Error("boom"))).toBeUndefined();
    expect(violatedConstraint(null)).toBeUndefined();
    expect(violatedConstraint("23505")).toBeUndefined();
  });
});

describe("rethrowConstraint and refusingConstraints", () => {
  const taken = new Error("name taken");
  const refusals = { jobs_active_name: () => taken };

  it("throw the caller's refusal for a constraint it names", () => {
    expect(() => rethrowConstraint(databaseError("23505", "jobs_active_name"), refusals)).toThrow(taken);
  });

  it("throw the error itself for any other constraint or error", () => {
    const other = databaseError("23505", "jobs_pkey");
    expect(() => rethrowConstraint(other, refusals)).toThrow(other);
    const inherited = databaseError("23505", "toString");
    expect(() => rethrowConstraint(inherited, refusals)).toThrow(inherited);
    const boom = new Error("boom");
    expect(() => rethrowConstraint(boom, refusals)).toThrow(boom);
  });

  it("pass a write's answer through, and map its violation", async () => {
    await expect(refusingConstraints(refusals, async () => 42)).resolves.toBe(42);
    await expect(
      refusingConstraints(refusals, async () => {
        throw databaseError("23505", "jobs_active_name");
      }),
    ).rejects.toBe(taken);
  });
});
