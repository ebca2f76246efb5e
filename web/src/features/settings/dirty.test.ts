import { describe, expect, it } from "vitest";
import { changedFields, isDirty, sameValue } from "./dirty.ts";

const loaded = {
  first_name: "Rana",
  last_name: "Haddad",
  email: "",
  phone: { country: "LB", callingCode: "961", national: "71123456" },
};

describe("the settings form's dirty state", () => {
  it("is clean as loaded, and clean again when a change is typed back", () => {
    expect(isDirty(loaded, { ...loaded })).toBe(false);
    expect(isDirty(loaded, { ...loaded, phone: { ...loaded.phone } })).toBe(false);
    expect(isDirty(loaded, { ...loaded, first_name: "Rana" })).toBe(false);
  });

  it("is dirty when any field differs", () => {
    expect(changedFields(loaded, { ...loaded, last_name: "Haddad " })).toEqual(["last_name"]);
    expect(changedFields(loaded, { ...loaded, email: "rana@example.com" })).toEqual(["email"]);
    expect(changedFields(loaded, { ...loaded, phone: { ...loaded.phone, national: "71123457" } })).toEqual(["phone"]);
    expect(
      changedFields(loaded, { ...loaded, phone: { country: "FR", callingCode: "33", national: "71123456" } }),
    ).toEqual(["phone"]);
  });

  it("tells a chosen option from none", () => {
    const company = { employee_count: null as string | null, industry: "retail" as string | null };
    expect(isDirty(company, { ...company, employee_count: "1-10" })).toBe(true);
    expect(isDirty(company, { ...company, industry: null })).toBe(true);
    expect(isDirty({ ...company, employee_count: "1-10" }, { ...company, employee_count: "1-10" })).toBe(false);
  });

  it("is never dirty before anything was loaded", () => {
    expect(isDirty(undefined, loaded)).toBe(false);
  });

  it("compares values, not identities", () => {
    expect(sameValue(["a"], ["a"])).toBe(true);
    expect(sameValue(["a"], { 0: "a" })).toBe(false);
    expect(sameValue("", null)).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });
});
