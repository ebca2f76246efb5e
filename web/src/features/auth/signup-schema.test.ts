import { companyNameSchema, emailSchema, personNameSchema, registerBodySchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { signUpFormSchema } from "./signup-schema.ts";

const valid = { first_name: "Rami", last_name: "Haddad", email: "", company_name: "Cedar Café" };

function messageFor(field: string, values: Record<string, unknown>): string | undefined {
  const result = signUpFormSchema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

function sharedMessage(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("the sign-up form's rules", () => {
  it("accept a complete form, with or without an email", () => {
    expect(signUpFormSchema.safeParse(valid).success).toBe(true);
    expect(signUpFormSchema.safeParse({ ...valid, email: "Rami@Cedar.LB" }).success).toBe(true);
  });

  it("refuse names as the register body does, with the same keys", () => {
    for (const value of ["", "   ", "Rami", "<>", "O'Brien", "Rami\u202e", "x".repeat(50), "x".repeat(51)]) {
      expect(messageFor("first_name", { ...valid, first_name: value }), value).toBe(
        sharedMessage(personNameSchema("account.firstNameRequired"), value),
      );
      expect(messageFor("last_name", { ...valid, last_name: value }), value).toBe(
        sharedMessage(personNameSchema("account.lastNameRequired"), value),
      );
    }
  });

  it("refuse emails as the register body does", () => {
    for (const value of ["someone@example.com", " A@B.CO ", "nope", "a@b", `${"x".repeat(250)}@example.com`]) {
      expect(messageFor("email", { ...valid, email: value }), value).toBe(sharedMessage(emailSchema, value));
    }
    const register = registerBodySchema.shape.email;
    expect(register.safeParse("").data).toBeNull();
  });

  it("keep names as typed, and refuse unsafe characters with the field's message", () => {
    const kept = signUpFormSchema.parse({ ...valid, last_name: " O'Brien ", company_name: "Cedar #2 / Hamra" });
    expect(kept).toMatchObject({ last_name: "O'Brien", company_name: "Cedar #2 / Hamra" });
    expect(messageFor("company_name", { ...valid, company_name: "Cedar\u202e" })).toBe("validation.unsafeCharacters");
  });

  it("refuse company names as the register body does", () => {
    for (const value of [
      "",
      "  ",
      "Cedar",
      "<script>",
      "Cedar #2 / Hamra",
      "Cedar\u0000",
      "x".repeat(50),
      "x".repeat(51),
      `${"x".repeat(50)}!!`,
    ]) {
      expect(messageFor("company_name", { ...valid, company_name: value }), value).toBe(
        sharedMessage(companyNameSchema, value),
      );
    }
  });
});
