import { describe, expect, it } from "vitest";
import { currencyLabel, currencySchema, DEFAULT_CURRENCY, isCurrency, supportedCurrencies } from "./currency.ts";

describe("currencies", () => {
  it("accept uppercase ISO 4217 codes the runtime knows", () => {
    for (const code of ["USD", "EUR", "LBP", "JPY", "SAR"]) expect(isCurrency(code), code).toBe(true);
    expect(isCurrency(DEFAULT_CURRENCY)).toBe(true);
    expect(supportedCurrencies()).toContain("EUR");
  });

  it("refuse other spellings and unknown codes", () => {
    for (const value of ["usd", "Usd", "US", "USDD", " USD", "US1", "", "XYZ", "QQQ"]) {
      expect(isCurrency(value), JSON.stringify(value)).toBe(false);
    }
  });

  it("refuse with the company.currencyInvalid key, a missing value included", () => {
    expect(currencySchema.parse("EUR")).toBe("EUR");
    for (const value of ["eur", "XYZ", null, undefined, 840]) {
      const result = currencySchema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("company.currencyInvalid");
    }
  });

  it("label a code with its name in a language, or with the bare code", () => {
    expect(currencyLabel("USD", "en")).toBe("US Dollar (USD)");
    expect(currencyLabel("EUR", "fr")).toBe("euro (EUR)");
    expect(currencyLabel("LBP", "ar")).toBe("جنيه لبناني (LBP)");
    expect(currencyLabel("QQQ", "en")).toBe("QQQ");
  });
});
