import { phoneCountry } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/** A person as messages reach them: their account's contacts and language. */
export interface Recipient {
  id: string;
  first_name: string;
  phone: string | null;
  email: string | null;
  email_verified_at: Date | string | null;
  language: string;
}

/**
 * Where a person is told: SMS to their phone, or their verified email when
 * they have no phone (or SMS cannot reach its country). An email nobody
 * proved is never written to.
 */
export function channelOf(
  person: Recipient,
  smsCountries: readonly string[],
): { channel: "sms" | "email"; to: string } | null {
  const provenEmail = person.email !== null && person.email_verified_at !== null ? person.email : null;
  if (person.phone !== null && (provenEmail === null || smsCountries.includes(phoneCountry(person.phone) ?? ""))) {
    return { channel: "sms", to: person.phone };
  }
  return provenEmail === null ? null : { channel: "email", to: provenEmail };
}

/** The active members among these accounts, as messages reach them (invited and archived people are not told). */
export async function activeRecipients(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  return tx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "u.first_name", "u.phone", "u.email", "u.email_verified_at", "u.language"])
    .where("m.organization_id", "=", organizationId)
    .where(sql<boolean>`m.user_id = any(${[...new Set(userIds)]}::uuid[])`)
    .where("m.status", "=", "active")
    .execute();
}
