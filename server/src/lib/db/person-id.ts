import { createHash } from "node:crypto";

/**
 * Person ids already worked out, by organization and account: a big answer (a
 * month's calendar, the week, a timesheet) names thousands of people, and each
 * is a SHA-256. Bounded: all forgotten at once past KEPT (about 8 MB).
 */
const known = new Map<string, Map<string, string>>();
let knownCount = 0;
const KEPT = 50_000;

/**
 * A person's id in an organization: what the API names the account by there
 * (never the account's own id). SHA-256 of the two ids, written as a version
 * 8 UUID: one way, and different in every organization. The database's
 * person_id(organization, account) (migration 0019, memberships.id) is the
 * same function; lib/access/person-ids.api.test.ts keeps the two equal.
 */
export function personIdOf(organizationId: string, accountId: string): string {
  let ofOrganization = known.get(organizationId);
  const kept = ofOrganization?.get(accountId);
  if (kept !== undefined) return kept;
  const id = hashedPersonId(organizationId, accountId);
  if (knownCount >= KEPT) {
    known.clear();
    knownCount = 0;
    ofOrganization = undefined;
  }
  if (ofOrganization === undefined) {
    ofOrganization = new Map();
    known.set(organizationId, ofOrganization);
  }
  ofOrganization.set(accountId, id);
  knownCount++;
  return id;
}

function hashedPersonId(organizationId: string, accountId: string): string {
  const bytes = Buffer.from(`${organizationId}${accountId}`.replaceAll("-", ""), "hex");
  const hex = createHash("sha256").update(bytes).digest("hex");
  const variant = "89ab"[Number.parseInt(hex.charAt(16), 16) % 4];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
