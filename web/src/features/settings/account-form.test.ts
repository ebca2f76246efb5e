import { accountUpdateSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { checkPhoneValue } from "../../components/PhoneInput/phone-rules.ts";
import type { PhoneValue } from "../../components/PhoneInput/phone-value.ts";
import { accountBody, accountFormSchema, accountValuesFrom, phoneError, placeAccountError } from "./account-form.ts";

const valid = { first_name: "Rana", last_name: "Haddad", email: "" };
const phone = "96171123456";

function formMessage(field: string, values: Record<string, unknown>) {
  const result = accountFormSchema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

function apiMessage(field: string, values: Record<string, unknown>) {
  const result = accountUpdateSchema.safeParse({ ...values, phone });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("the Account tab's rules", () => {
  it("refuse names as PUT /api/auth/me does, with the same keys", () => {
    for (const value of ["", "   ", "Rana", "<>", "x".repeat(50), "x".repeat(51)]) {
      for (const field of ["first_name", "last_name"]) {
        const values = { ...valid, [field]: value };
        expect(formMessage(field, values), `${field}=${value}`).toBe(apiMessage(field, values));
      }
    }
    expect(formMessage("first_name", { ...valid, first_name: "" })).toBe("account.firstNameRequired");
    expect(formMessage("last_name", { ...valid, last_name: " " })).toBe("account.lastNameRequired");
  });

  it("take an optional email in the spec's format, as the API does", () => {
    for (const value of ["", "rana@example.com", " RANA@Example.COM ", "nope", "a@b", "a@b.toolongtld"]) {
      const values = { ...valid, email: value };
      expect(formMessage("email", values), value).toBe(apiMessage("email", values));
    }
    expect(formMessage("email", { ...valid, email: "nope" })).toBe("account.invalidEmailFormat");
  });

  it("send an empty email as null, a filled one lowercased, and the phone as digits", () => {
    const none = accountFormSchema.parse(valid);
    expect(accountBody(none, phone)).toEqual({ first_name: "Rana", last_name: "Haddad", email: null, phone });
    const some = accountFormSchema.parse({ ...valid, email: " Rana@Example.com " });
    expect(accountBody(some, phone).email).toBe("rana@example.com");
    expect(accountUpdateSchema.safeParse(accountBody(some, phone)).success).toBe(true);
  });

  it("start from the user, the email shown lowercased", () => {
    const lb = { country: "LB", callingCode: "961", national: "71123456" };
    expect(accountValuesFrom({ first_name: "A", last_name: "B", email: "A@B.CO" }, lb).email).toBe("a@b.co");
    expect(accountValuesFrom({ first_name: "A", last_name: "B", email: null }, lb).email).toBe("");
  });
});

describe("the phone's message (spec §5)", () => {
  const lebanese = (national: string): PhoneValue => ({ country: "LB", callingCode: "961", national });
  const check = (value: PhoneValue) => phoneError(value, checkPhoneValue(value));

  it("is required", () => {
    expect(check(lebanese(""))).toBe("account.phoneNumberRequired");
  });

  it("passes a valid number", () => {
    expect(check(lebanese("71123456"))).toBeNull();
  });

  it("blocks what the phone widget finds invalid for the country", () => {
    expect(check(lebanese("7112"))).toBe("phone.tooShort");
    expect(check(lebanese("0000000"))).toBe("account.phoneNumberInvalid");
    expect(phoneError(lebanese("71123456"), { valid: false, problem: null, e164: null })).toBe(
      "account.phoneNumberInvalid",
    );
  });

  it("keeps to digits, 16 at most with the dialling code", () => {
    expect(phoneError(lebanese("71 123"), { valid: true, problem: null, e164: "+96171123" })).toBe(
      "account.invalidPhoneNumber",
    );
    expect(phoneError(lebanese("1234567890123456"), { valid: true, problem: null, e164: "+1" })).toBe(
      "account.invalidPhoneNumber",
    );
  });
});

describe("where a refused account update is shown (spec §8)", () => {
  it("puts an error string that mentions 'Phone Number' under the phone field", () => {
    expect(placeAccountError(400, { error: "Phone Number must be verified with a code first", code: "x" })).toEqual({
      fields: { phone: "Phone Number must be verified with a code first" },
      general: false,
    });
  });

  it("puts any other error string under the email field", () => {
    expect(placeAccountError(409, { error: "This email is already used", code: "account_email_taken" })).toEqual({
      fields: { email: "This email is already used" },
      general: false,
    });
    expect(placeAccountError(400, { error: "phone number is odd", code: "x" }).fields).toEqual({
      email: "phone number is odd",
    });
  });

  it("prefers the answer's field messages, under their own fields", () => {
    expect(
      placeAccountError(409, {
        error: "Phone Number is already used by another account",
        code: "account_phone_taken",
        fields: { phone: "account.phoneTaken" },
      }),
    ).toEqual({ fields: { phone: "account.phoneTaken" }, general: false });
    expect(
      placeAccountError(400, {
        error: "The request is not valid",
        code: "validation_failed",
        fields: { first_name: "account.firstNameRequired", "phone.x": "ignored" },
      }),
    ).toEqual({ fields: { first_name: "account.firstNameRequired" }, general: false });
  });

  it("falls back to the error string when no field message is about an account field", () => {
    expect(placeAccountError(400, { error: "Bad", code: "x", fields: { _: "invalid" } }).fields).toEqual({
      email: "Bad",
    });
  });

  it("is general without an answer, or for a server failure", () => {
    expect(placeAccountError(undefined, undefined)).toEqual({ fields: {}, general: true });
    expect(placeAccountError(500, { error: "Internal server error", code: "internal" })).toEqual({
      fields: {},
      general: true,
    });
  });
});
