import { checkPhone as checkPhoneWithFullMetadata, normalizePhone } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  callingCodeOf,
  checkPhone,
  checkPhoneValue,
  formatPhoneNumber,
  phoneCountries,
  phoneValueFromApi,
  splitInternational,
} from "./phone-rules.ts";
import { apiPhone, DEFAULT_PHONE_VALUE, keepDigits, maxNationalDigits, phoneProblemKey } from "./phone-value.ts";

describe("checkPhone (spec §5)", () => {
  it("accepts valid numbers for the chosen country", () => {
    expect(checkPhone("71123456", "LB")).toBeNull();
    expect(checkPhone("3123456", "LB")).toBeNull();
    expect(checkPhone("612345678", "FR")).toBeNull();
    expect(checkPhone("2015550123", "US")).toBeNull();
  });

  it("says when a number is missing, too short, too long or not valid for the region", () => {
    expect(checkPhone("", "LB")).toBe("required");
    expect(checkPhone("71", "LB")).toBe("tooShort");
    expect(checkPhone("711234567890", "LB")).toBe("tooLong");
    expect(checkPhone("1234567890123", "LB")).toBe("tooLong");
    expect(checkPhone("0000000", "LB")).toBe("invalid");
    expect(checkPhone("71123456", "XX")).toBe("invalid");
  });

  it("agrees with the server's full-metadata check on everyday numbers", () => {
    const cases: [string, string][] = [
      ["71123456", "LB"],
      ["71", "LB"],
      ["612345678", "FR"],
      ["61234", "FR"],
      ["2015550123", "US"],
      ["501234567", "AE"],
      ["7911123456", "GB"],
    ];
    for (const [national, country] of cases) {
      const server = checkPhoneWithFullMetadata(national, country as "LB");
      expect(checkPhone(national, country) === null, `${country} ${national}`).toBe(server === null);
    }
  });
});

describe("checkPhoneValue", () => {
  it("reports validity and the number in E.164", () => {
    const check = checkPhoneValue({ ...DEFAULT_PHONE_VALUE, national: "71123456" });
    expect(check).toEqual({ valid: true, problem: null, e164: "+96171123456" });
    expect(apiPhone(check)).toBe("96171123456");
    expect(normalizePhone("+96171123456")).toBe(apiPhone(check));
  });

  it("drops a national trunk prefix", () => {
    expect(checkPhoneValue({ ...DEFAULT_PHONE_VALUE, national: "03123456" }).e164).toBe("+9613123456");
  });

  it("has no number when invalid", () => {
    expect(checkPhoneValue({ ...DEFAULT_PHONE_VALUE, national: "7" })).toEqual({
      valid: false,
      problem: "tooShort",
      e164: null,
    });
  });
});

describe("digits", () => {
  it("keeps digits only, at most 15 with the dialling code", () => {
    expect(maxNationalDigits("961")).toBe(12);
    expect(maxNationalDigits("1")).toBe(14);
    expect(keepDigits(" 71-123 (456) ", 12)).toBe("71123456");
    expect(keepDigits("1234567890123456789", maxNationalDigits("961"))).toBe("123456789012");
    expect(keepDigits("abc", 12)).toBe("");
  });
});

describe("international numbers", () => {
  it("split a pasted number into its country and national digits", () => {
    expect(splitInternational("+961 71 123 456")).toEqual({ country: "LB", callingCode: "961", national: "71123456" });
    expect(splitInternational("0033 6 12 34 56 78")).toEqual({
      country: "FR",
      callingCode: "33",
      national: "612345678",
    });
    expect(splitInternational("71 123 456")).toBeNull();
    expect(splitInternational("+")).toBeNull();
  });

  it("read an API phone back into the input's parts", () => {
    expect(phoneValueFromApi("96171123456")).toEqual({ country: "LB", callingCode: "961", national: "71123456" });
  });
});

describe("countries", () => {
  it("start on Lebanon, +961, as the metadata says", () => {
    expect(DEFAULT_PHONE_VALUE.country).toBe("LB");
    expect(callingCodeOf("LB")).toBe(DEFAULT_PHONE_VALUE.callingCode);
    expect(phoneCountries()).toContain("LB");
    expect(phoneCountries().length).toBeGreaterThan(240);
  });

  it("map every problem to a message key", () => {
    expect(phoneProblemKey("required")).toBe("account.phoneNumberRequired");
    expect(phoneProblemKey("tooShort")).toBe("phone.tooShort");
    expect(phoneProblemKey("tooLong")).toBe("phone.tooLong");
    expect(phoneProblemKey("invalid")).toBe("account.invalidPhoneNumber");
  });
});

describe("showing a stored phone", () => {
  it("groups it the way people read it, with or without the plus", () => {
    expect(formatPhoneNumber("96170100038")).toBe("+961 70 100 038");
    expect(formatPhoneNumber("+33612345678")).toBe("+33 6 12 34 56 78");
  });

  it("keeps what it cannot parse as +digits", () => {
    expect(formatPhoneNumber("12")).toBe("+12");
  });
});
