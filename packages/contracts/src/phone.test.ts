import { describe, expect, it } from "vitest";
import { checkPhone, normalizePhone, phoneCountry, phoneSchema } from "./phone.ts";

describe("checkPhone (the phone input's validity flag)", () => {
  it("accepts a Lebanese mobile number", () => {
    expect(checkPhone("71 123 456", "LB")).toBeNull();
  });
  it("says too short, too long or invalid for the region", () => {
    expect(checkPhone("71", "LB")).toBe("tooShort");
    expect(checkPhone("7112345678901", "LB")).toBe("tooLong");
    expect(checkPhone("1234567890123456", "LB")).toBe("tooLong");
    expect(checkPhone("99 999 999", "LB")).toBe("invalid");
    expect(checkPhone("", "LB")).toBe("required");
  });
  it("checks against the chosen country", () => {
    expect(checkPhone("06 12 34 56 78", "FR")).toBeNull();
    expect(checkPhone("06 12 34 56 78", "LB")).not.toBeNull();
  });
});

describe("normalizePhone", () => {
  it("keeps international digits without the plus", () => {
    expect(normalizePhone("+961 71 123 456")).toBe("96171123456");
    expect(normalizePhone("96171123456")).toBe("96171123456");
    expect(normalizePhone("+33 6 12 34 56 78")).toBe("33612345678");
  });
  it("refuses what is not a valid number", () => {
    expect(normalizePhone("12")).toBeNull();
    expect(normalizePhone("+961 99 999 999")).toBeNull();
    expect(normalizePhone("hello")).toBeNull();
  });
  it("tells the country", () => {
    expect(phoneCountry("96171123456")).toBe("LB");
  });
});

describe("phoneSchema", () => {
  it("gives the spec's message keys", () => {
    expect(phoneSchema.safeParse("").error?.issues[0]?.message).toBe("account.phoneNumberRequired");
    expect(phoneSchema.safeParse("123").error?.issues[0]?.message).toBe("account.invalidPhoneNumber");
    expect(phoneSchema.parse("+961 71 123 456")).toBe("96171123456");
  });
});
