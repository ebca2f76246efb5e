import { describe, expect, it } from "vitest";
import { DEFAULT_PHONE_VALUE } from "../../components/PhoneInput/phone-value.ts";
import { type PendingCode, parsePendingCode, toPendingCode } from "./pending-code.ts";

const signin: PendingCode = { mode: "signin", destination: { email: "a@b.co" }, resendAt: 5 };
const signup: PendingCode = {
  mode: "signup",
  destination: { phone: "96171123456" },
  draft: {
    first_name: "Rami",
    last_name: "Haddad",
    email: "",
    company_name: "Cedar Café",
    phone: { ...DEFAULT_PHONE_VALUE, national: "71123456" },
  },
  resendAt: 7,
};

describe("pending code", () => {
  it("survives a trip through sessionStorage", () => {
    expect(parsePendingCode(JSON.stringify(signin))).toEqual(signin);
    expect(parsePendingCode(JSON.stringify(signup))).toEqual(signup);
  });

  it("counts anything malformed as none", () => {
    expect(parsePendingCode(null)).toBeNull();
    expect(parsePendingCode("{")).toBeNull();
    expect(toPendingCode({ ...signin, mode: "other" })).toBeNull();
    expect(toPendingCode({ ...signin, destination: {} })).toBeNull();
    expect(toPendingCode({ ...signin, destination: { phone: "" } })).toBeNull();
    expect(toPendingCode({ ...signin, resendAt: "5" })).toBeNull();
    expect(toPendingCode({ ...signup, draft: { ...signup.draft, phone: null } })).toBeNull();
    expect(toPendingCode({ ...signup, destination: { email: "a@b.co" } })).toBeNull();
  });

  it("keeps only what it knows", () => {
    expect(toPendingCode({ ...signin, extra: true })).toEqual(signin);
  });
});
