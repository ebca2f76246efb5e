import { describe, expect, it } from "vitest";
import { DIGITS_PATTERN, isMissing } from "./text-rules.ts";

describe("spec §5 plain rules", () => {
  it("allows 1 to 16 digits", () => {
    expect(DIGITS_PATTERN.test("1")).toBe(true);
    expect(DIGITS_PATTERN.test("1234567890123456")).toBe(true);
    expect(DIGITS_PATTERN.test("12345678901234567")).toBe(false);
    expect(DIGITS_PATTERN.test("")).toBe(false);
    expect(DIGITS_PATTERN.test("12a")).toBe(false);
  });
  it("flags missing fields", () => {
    expect(isMissing(undefined)).toBe(true);
    expect(isMissing(42)).toBe(true);
    expect(isMissing("   ")).toBe(true);
    expect(isMissing(" x ")).toBe(false);
  });
});
