import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { personIdOf } from "./person-id.ts";

/** The SHA-256 of the two ids as a version 8 UUID, as the database's person_id() writes it. */
function expected(organizationId: string, accountId: string): string {
  const hex = createHash("sha256")
    .update(Buffer.from(`${organizationId}${accountId}`.replaceAll("-", ""), "hex"))
    .digest("hex");
  const variant = "89ab"[Number.parseInt(hex.charAt(16), 16) % 4];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

describe("a person's id", () => {
  it("is the same however often it is asked for, and again after many other people's", () => {
    const organization = randomUUID();
    const account = randomUUID();
    const id = expected(organization, account);
    expect(personIdOf(organization, account)).toBe(id);
    expect(personIdOf(organization, account)).toBe(id);
    // More people than are kept: the first is worked out again, the same.
    for (let i = 0; i < 60_000; i++) personIdOf(organization, randomUUID());
    expect(personIdOf(organization, account)).toBe(id);
  });

  it("differs between organizations", () => {
    const account = randomUUID();
    const [here, there] = [randomUUID(), randomUUID()];
    expect(personIdOf(here, account)).toBe(expected(here, account));
    expect(personIdOf(there, account)).toBe(expected(there, account));
    expect(personIdOf(here, account)).not.toBe(personIdOf(there, account));
  });
});
