import { describe, expect, it } from "vitest";
import {
  hourlyRateSchema,
  inviteBodySchema,
  maskDestination,
  peopleQuerySchema,
  personUpdateSchema,
} from "./people.ts";

describe("people contracts", () => {
  it.each([
    ["12,50", 12.5],
    ["12.5", 12.5],
    [0, 0],
    ["", null],
    ["  ", null],
    [" 9,5 ", 9.5],
    [null, null],
  ])("reads the hourly rate %o as %o", (input, output) => {
    expect(hourlyRateSchema.parse(input)).toBe(output);
  });

  it.each([
    [-1, "people.rateInvalid"],
    ["12.345", "people.rateInvalid"],
    ["abc", "people.rateInvalid"],
    ["0x1F", "people.rateInvalid"],
    ["1e3", "people.rateInvalid"],
    ["5 5", "people.rateInvalid"],
    ["-3", "people.rateInvalid"],
    ["100001", "people.rateTooHigh"],
    [100_001, "people.rateTooHigh"],
  ])("refuses the hourly rate %o with %s", (input, key) => {
    const result = hourlyRateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(key);
  });

  const base = { first_name: "Sami", last_name: "Khoury", role: "EMPLOYEE" };

  it("needs a phone or an email to invite, and the one send_via names", () => {
    expect(inviteBodySchema.safeParse(base).error?.issues[0]).toMatchObject({
      path: ["phone"],
      message: "people.contactRequired",
    });
    expect(inviteBodySchema.parse({ ...base, phone: "+961 71 123 456", email: "" })).toMatchObject({
      phone: "96171123456",
      email: undefined,
      permissions: [],
      job_ids: [],
    });
    expect(inviteBodySchema.safeParse({ ...base, phone: "+96171123456", send_via: "email" }).success).toBe(false);
    expect(inviteBodySchema.parse({ ...base, email: "A@Example.com" }).email).toBe("a@example.com");
  });

  it("pages and sorts the list with defaults and limits", () => {
    expect(peopleQuerySchema.parse({})).toEqual({ sort: "name", page: 1, page_size: 50 });
    expect(peopleQuerySchema.parse({ page: "3", page_size: "20", search: "  ana " })).toMatchObject({
      page: 3,
      page_size: 20,
      search: "ana",
    });
    expect(peopleQuerySchema.safeParse({ page_size: "101" }).success).toBe(false);
  });

  it("takes any subset of a person's fields to change", () => {
    expect(personUpdateSchema.parse({})).toEqual({});
    expect(personUpdateSchema.parse({ hourly_rate: null })).toEqual({ hourly_rate: null });
    expect(personUpdateSchema.safeParse({ role: "ADMIN" }).success).toBe(false);
  });

  it("masks where an invitation's code goes", () => {
    expect(maskDestination({ kind: "phone", value: "33612345678" })).toBe("+33 •••• 78");
    expect(maskDestination({ kind: "email", value: "rana@example.com" })).toBe("r•••@example.com");
  });
});
