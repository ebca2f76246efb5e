import { inviteBodySchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { contactProblem, emptyInvite, inviteBody, inviteFormSchema, placeFieldErrors } from "./invite-form.ts";

const lb = { country: "LB", callingCode: "961", national: "" };
const valid = { first_name: "Rana", last_name: "Haddad", email: "", role: "EMPLOYEE", hourly_rate: "" };
const rest = { permissions: [], job_ids: [], board_ids: [] };
const phone = "96171123456";

function formMessage(field: string, values: Record<string, unknown>) {
  const result = inviteFormSchema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

function apiMessage(field: string, values: Record<string, unknown>) {
  const result = inviteBodySchema.safeParse({ ...values, phone });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("the invite form's rules", () => {
  it("refuse names, email, role and rate as POST /api/people/invite does, with the same keys", () => {
    const table: [string, unknown[]][] = [
      ["first_name", ["", "  ", "Rana", "x".repeat(50), "x".repeat(51)]],
      ["last_name", ["", "Haddad"]],
      ["email", ["", "rana@example.com", " RANA@Example.COM ", "nope", "a@b"]],
      ["role", ["EMPLOYEE", "SUPERVISOR", "OWNER", "ADMIN", null]],
      ["hourly_rate", ["", "15", "12.50", "12,5", "12.345", "-1", "abc", "100000", "100001"]],
    ];
    for (const [field, values] of table) {
      for (const value of values) {
        const input = { ...valid, [field]: value };
        expect(formMessage(field, input), `${field}=${String(value)}`).toBe(apiMessage(field, input));
      }
    }
    expect(formMessage("role", { ...valid, role: null })).toBe("people.roleRequired");
    expect(formMessage("hourly_rate", { ...valid, hourly_rate: "12.345" })).toBe("people.rateInvalid");
    expect(formMessage("hourly_rate", { ...valid, hourly_rate: "100001" })).toBe("people.rateTooHigh");
  });

  it("need a phone or an email, and ask how to send only when both are given", () => {
    expect(contactProblem(false, " ")).toBe("people.contactRequired");
    expect(contactProblem(true, "")).toBeNull();
    expect(contactProblem(false, "rana@example.com")).toBeNull();
  });

  it("start with EMPLOYEE, the only role a supervisor may give", () => {
    expect(emptyInvite(lb, ["EMPLOYEE"]).role).toBe("EMPLOYEE");
    expect(emptyInvite(lb, ["OWNER", "SUPERVISOR", "EMPLOYEE"]).role).toBe("EMPLOYEE");
    expect(emptyInvite(lb, ["OWNER"]).role).toBe("OWNER");
    expect(emptyInvite(lb, []).role).toBeNull();
  });
});

describe("the invite's body", () => {
  it("is what the API accepts, with permissions only for a supervisor", () => {
    const checked = inviteFormSchema.parse({ ...valid, role: "EMPLOYEE", hourly_rate: "12,5" });
    const body = inviteBody(checked, { ...rest, permissions: ["view_scheduler"] }, phone);
    expect(body).toEqual({
      first_name: "Rana",
      last_name: "Haddad",
      phone,
      role: "EMPLOYEE",
      permissions: [],
      job_ids: [],
      board_ids: [],
      hourly_rate: 12.5,
    });
    expect(inviteBodySchema.safeParse(body).success).toBe(true);

    const supervisor = inviteFormSchema.parse({ ...valid, role: "SUPERVISOR" });
    expect(inviteBody(supervisor, { ...rest, permissions: ["view_scheduler"] }, phone).permissions).toEqual([
      "view_scheduler",
    ]);
  });

  it("sends the email lowercased, and never a channel (with a phone the server sends by SMS)", () => {
    const checked = inviteFormSchema.parse({ ...valid, email: " Rana@Example.com " });
    const both = inviteBody(checked, rest, phone);
    expect(both.email).toBe("rana@example.com");
    expect(both.send_via).toBeUndefined();
    expect(inviteBodySchema.safeParse(both).success).toBe(true);
    const emailOnly = inviteBody(checked, rest, null);
    expect(emailOnly.send_via).toBeUndefined();
    expect(emailOnly.phone).toBeUndefined();
    expect(inviteBodySchema.safeParse(emailOnly).success).toBe(true);
  });

  it("has no rate when none was typed", () => {
    const body = inviteBody(inviteFormSchema.parse(valid), rest, phone);
    expect("hourly_rate" in body).toBe(false);
  });
});

describe("the server's field messages", () => {
  it("go under their fields; the rest above the buttons", () => {
    const placed = placeFieldErrors(
      { phone: "account.phoneTaken", "job_ids.1": "people.unknownReference", csv: "people.importEmpty" },
      ["phone", "job_ids", "email"] as const,
    );
    expect(placed.fields).toEqual({ phone: "account.phoneTaken", job_ids: "people.unknownReference" });
    expect(placed.other).toEqual(["people.importEmpty"]);
  });
});
