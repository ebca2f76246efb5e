import { createHash } from "node:crypto";

/**
 * A person's id in an organization: what the API names the account by there
 * (never the account's own id). SHA-256 of the two ids, written as a version
 * 8 UUID: one way, and different in every organization. The database's
 * person_id(organization, account) (migration 0019, memberships.id) is the
 * same function; lib/access/person-ids.api.test.ts keeps the two equal.
 */
export function personIdOf(organizationId: string, accountId: string): string {
  const bytes = Buffer.from(`${organizationId}${accountId}`.replaceAll("-", ""), "hex");
  const hex = createHash("sha256").update(bytes).digest("hex");
  const variant = "89ab"[Number.parseInt(hex.charAt(16), 16) % 4];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
