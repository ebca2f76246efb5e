import { emailSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { emailProblem, normalizeEmail } from "./email.ts";

describe("email rule of the sign-in form", () => {
  it("agrees with the contracts' email schema", () => {
    for (const value of [
      "someone@example.com",
      "  Some.One+tag@Example.CO ",
      "a@b.c",
      "no-at-sign",
      "a@b.toolongtld",
      "a b@c.de",
      `${"x".repeat(250)}@example.com`,
    ]) {
      const shared = emailSchema.safeParse(value);
      expect(emailProblem(value) === null, value).toBe(shared.success);
      if (shared.success) expect(normalizeEmail(value)).toBe(shared.data);
    }
  });

  it("asks for an email when there is none", () => {
    expect(emailProblem("   ")).toBe("account.emailRequired");
    expect(emailProblem("nope")).toBe("account.invalidEmailFormat");
  });
});
