import { describe, expect, it } from "vitest";
import { isSafeText, UNSAFE_TEXT_KEY } from "./text-rules.ts";
import { emailSchema, personNameSchema, typedText } from "./validation.ts";

describe("spec §5 rules", () => {
  it("accepts emails of the spec's format and lowercases them", () => {
    expect(emailSchema.parse(" Rana.Haddad+work@Example.COM ")).toBe("rana.haddad+work@example.com");
  });
  it.each(["no-at-sign", "a@b", "a@b.c", "a@b.toolongtld", "a b@c.com", "@c.com"])("refuses the email %s", (email) => {
    expect(emailSchema.safeParse(email).error?.issues[0]?.message).toBe("account.invalidEmailFormat");
  });
});

describe("typed text", () => {
  const line = typedText("field.required").max(20, "field.tooLong");
  const lines = typedText("field.required", { multiline: true });
  const messages = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message);

  it.each([
    ["NUL", "Spring\u0000week"],
    ["an escape", "\u001b[31mred"],
    ["DEL", "a\u007fb"],
    ["a C1 control", "a\u0085b"],
    ["a right-to-left override", "Spring \u202eweek"],
    ["a left-to-right embedding", "\u202aSpring"],
    ["a pop directional formatting", "Spring\u202c"],
    ["a first-strong isolate", "\u2068Spring\u2069"],
    ["a lone high surrogate", "Spring \ud83d"],
    ["a lone low surrogate", "\ude00 week"],
    ["a tab on one line", "Spring\tweek"],
    ["a line break on one line", "Spring\nweek"],
  ])("refuses %s with its own message, before any other", (_, value) => {
    expect(isSafeText(value)).toBe(false);
    expect(messages(line.safeParse(value))?.[0]).toBe(UNSAFE_TEXT_KEY);
  });

  it("keeps what was typed, trimmed: any script, emoji, combining marks, the marks that set a direction", () => {
    for (const value of [
      "مطعم الأرز",
      "Zoë & Co. <b>",
      "👩‍👩‍👧‍👦 team",
      "e\u0301te\u0301",
      "\u200fقسم\u200e A",
      "'; DROP TABLE shifts; --",
    ]) {
      expect(typedText().parse(` ${value} `)).toBe(value);
    }
  });

  it("trims first: white space pasted around a single line (a line break, a tab) is no part of it", () => {
    expect(line.parse("\tRana Haddad\r\n")).toBe("Rana Haddad");
  });

  it("takes tabs and line breaks in multi-line text, and nothing else of the kind", () => {
    expect(lines.parse("Bring keys\r\n\tand the float\n")).toBe("Bring keys\r\n\tand the float");
    expect(messages(lines.safeParse("Bring keys\u0000"))).toEqual([UNSAFE_TEXT_KEY]);
    expect(messages(lines.safeParse("Bring keys\u2067"))).toEqual([UNSAFE_TEXT_KEY]);
  });

  it("answers the field's own message for what is not a string, and keeps the limits chained on", () => {
    expect(messages(line.safeParse(42))).toEqual(["field.required"]);
    expect(messages(line.safeParse("x".repeat(21)))).toEqual(["field.tooLong"]);
  });

  it("keeps a name as typed, trimmed, and refuses one with an unsafe character rather than rewriting it", () => {
    const name = personNameSchema("account.firstNameRequired");
    expect(messages(name.safeParse("Rana\u202e"))).toEqual([UNSAFE_TEXT_KEY]);
    for (const typed of ["O'Brien-Haddad", "Zoë (Zo) #2", "مطعم الأرز", "Ana/María"]) {
      expect(name.parse(` ${typed} `)).toBe(typed);
    }
    expect(messages(name.safeParse("   "))).toEqual(["account.firstNameRequired"]);
    expect(messages(name.safeParse("x".repeat(51)))).toEqual(["validation.tooLong"]);
  });
});
