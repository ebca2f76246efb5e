import { describe, expect, it } from "vitest";
import { companyCountryOf } from "./countries.ts";

describe("a new company's country", () => {
  it("is the country of its owner's phone number", () => {
    expect(companyCountryOf("96171123456")).toBe("LB");
    expect(companyCountryOf("33612345678")).toBe("FR");
    expect(companyCountryOf("971501234567")).toBe("AE");
    expect(companyCountryOf("12025550123")).toBe("US");
  });

  it("is none when the number names no country", () => {
    expect(companyCountryOf("999")).toBeNull();
    // +800: an international freephone number belongs to no country.
    expect(companyCountryOf("80012345678")).toBeNull();
  });
});
