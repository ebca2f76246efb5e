import type { RequestKind } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/** The PostgreSQL channel request changes are told on (LISTEN/NOTIFY). */
export const REQUESTS_CHANNEL = "workshift_requests";

/** Past this many ids a notification names none (listeners just reload); NOTIFY payloads stay under 8000 bytes. */
const IDS_MAX = 50;

/** What a request notification carries (accounts, inside the server; streams map them to person ids). */
export interface RequestNote {
  organization_id: string;
  /** Empty: too many to name. */
  request_ids: string[];
  kinds: RequestKind[];
  /** The accounts the change concerns (authors, named teammates, takers, the people of the shifts); empty: too many to name, every stream of the organization reloads. */
  user_ids: string[];
  /** Who made the change; null when the server did (an automatic approval, an expiry). */
  actor_id: string | null;
}

/**
 * Tells every server instance (and through them every open inbox and /my)
 * that requests changed. Sent inside the writing transaction: delivered only
 * if it commits.
 */
export async function announceRequestChange(
  tx: Tx,
  organizationId: string,
  change: Omit<RequestNote, "organization_id">,
): Promise<void> {
  const payload: RequestNote = {
    organization_id: organizationId,
    request_ids: change.request_ids.length > IDS_MAX ? [] : [...new Set(change.request_ids)],
    kinds: [...new Set(change.kinds)],
    user_ids: change.user_ids.length > IDS_MAX ? [] : [...new Set(change.user_ids)],
    actor_id: change.actor_id,
  };
  await sql`select pg_notify(${REQUESTS_CHANNEL}, ${JSON.stringify(payload)})`.execute(tx);
}
