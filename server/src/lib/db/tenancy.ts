import { sql, type Transaction } from "kysely";
import { CALENDAR_SETTING, INVITATION_SETTING, ORG_SETTING, USER_SETTING } from "./app-role.ts";
import type { Db } from "./database.ts";
import type { Tables } from "./schema.ts";

export type Tx = Transaction<Tables>;

/**
 * The only way a request touches tenant rows: a transaction whose
 * organization is set (transaction-local) before the work runs, so row-level
 * security shows and accepts that organization's rows and no others.
 */
export async function withOrganization<T>(db: Db, organizationId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config(${ORG_SETTING}, ${organizationId}, true)`.execute(tx);
    return work(tx);
  });
}

/**
 * A transaction acting for one person across organizations: row-level
 * security then shows that person's own memberships (to choose an
 * organization), and still no organization's other rows.
 */
export async function withUser<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config(${USER_SETTING}, ${userId}, true)`.execute(tx);
    return work(tx);
  });
}

/**
 * Runs `work` for an organization inside the caller's transaction when there
 * is one (the setting then holds until it ends), or in a new one. Inside a
 * transaction, never reach for the pool instead: on the embedded database the
 * transaction holds the only connection and the query would wait forever.
 */
export async function inOrganization<T>(db: Db | Tx, organizationId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return withOrganization(db, organizationId, work);
  const tx = db as Tx;
  await sql`select set_config(${ORG_SETTING}, ${organizationId}, true)`.execute(tx);
  return work(tx);
}

/**
 * A transaction for someone holding an invitation link, before any
 * organization is known: row-level security then shows that one invitation
 * (policy by_token), found by the SHA-256 of its token. Once `work` has
 * learned the organization it may enter it with `inOrganization(tx, …)`.
 */
export async function withInvitationToken<T>(db: Db, tokenHash: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config(${INVITATION_SETTING}, ${tokenHash}, true)`.execute(tx);
    return work(tx);
  });
}

/**
 * A transaction for a calendar app holding a feed URL, before any
 * organization is known: row-level security then shows that one feed
 * (policy by_token), found by the SHA-256 of its token. Once `work` has
 * learned the organization it may enter it with `inOrganization(tx, …)`.
 */
export async function withCalendarToken<T>(db: Db, tokenHash: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config(${CALENDAR_SETTING}, ${tokenHash}, true)`.execute(tx);
    return work(tx);
  });
}
