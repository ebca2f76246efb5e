import { describe, expect, it } from "vitest";
import { DIGITS_PATTERN, emailSchema, isMissing, sanitizeText } from "./validation.ts";

describe("spec §5 rules", () => {
  it("accepts emails of the spec's format and lowercases them", () => {
    expect(emailSchema.parse(" Rana.Haddad+work@Example.COM ")).toBe("rana.haddad+work@example.com");
  });
  it.each(["no-at-sign", "a@b", "a@b.c", "a@b.toolongtld", "a b@c.com", "@c.com"])("refuses the email %s", (email) => {
    expect(emailSchema.safeParse(email).error?.issues[0]?.message).toBe("account.invalidEmailFormat");
  });
  it("allows 1 to 16 digits", () => {
    expect(DIGITS_PATTERN.test("1")).toBe(true);
    expect(DIGITS_PATTERN.test("1234567890123456")).toBe(true);
    expect(DIGITS_PATTERN.test("12345678901234567")).toBe(false);
    expect(DIGITS_PATTERN.test("")).toBe(false);
    expect(DIGITS_PATTERN.test("12a")).toBe(false);
  });
  it("sanitises text to letters, digits and the allowed symbols, in any script", () => {
    expect(sanitizeText("Café <script>alert(1)</script> & Co., Ltd.")).toBe("Café scriptalert1script  Co., Ltd.");
    expect(sanitizeText("مطعم الأرز - بيروت")).toBe("مطعم الأرز - بيروت");
    expect(sanitizeText("a@b `x` +1 _y_")).toBe("a@b `x` +1 _y_");
  });
  it("flags missing fields", () => {
    expect(isMissing(undefined)).toBe(true);
    expect(isMissing(42)).toBe(true);
    expect(isMissing("   ")).toBe(true);
    expect(isMissing(" x ")).toBe(false);
  });
});
