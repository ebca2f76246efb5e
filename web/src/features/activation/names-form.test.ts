import { acceptInvitationBodySchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { activationNamesSchema } from "./names-form.ts";

const proof = { otp: "1234", device_id: "d", signature: "a".repeat(64), timestamp: 1 };

function formMessage(field: string, values: Record<string, unknown>) {
  const result = activationNamesSchema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

function apiMessage(field: string, values: Record<string, unknown>) {
  const result = acceptInvitationBodySchema.safeParse({ ...values, ...proof });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("the names an invitee confirms", () => {
  it("are refused as the accept call refuses them, with the same keys", () => {
    for (const value of ["", "  ", "Rana", "رنا", "x".repeat(50), "x".repeat(51), "<b>"]) {
      for (const field of ["first_name", "last_name"]) {
        const values = { first_name: "Rana", last_name: "Haddad", [field]: value };
        expect(formMessage(field, values), `${field}=${value}`).toBe(apiMessage(field, values));
      }
    }
  });

  it("are sent trimmed", () => {
    expect(activationNamesSchema.parse({ first_name: " Rana ", last_name: "Haddad" }).first_name).toBe("Rana");
  });
});
