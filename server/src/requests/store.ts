import { sql, type Updateable } from "kysely";
import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import { isUuid } from "../lib/db/ids.ts";
import type { RequestsTable } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound, refuse } from "../lib/http/errors.ts";
import type { RequestDetails, RequestRow } from "./records.ts";
import { lockTargetShifts, type TargetShift } from "./shift-target.ts";

/** Reading, adding and changing request rows: every change raises the version. */

export const noSuchRequest = () => notFound("No such request");

const alreadyAsked = () => refuse("request_already_asked", "The same request already waits");
/** Two people racing past the check for the same request are decided by the unique indexes. */
const askedRace = {
  requests_one_claim: alreadyAsked,
  requests_one_giveaway: alreadyAsked,
  requests_one_correction: alreadyAsked,
  requests_one_cancel: () => refuse("time_off_not_cancellable", "A cancellation of this time off already waits"),
};

/** The organization's request, locked FOR UPDATE until the transaction ends; 404 for any other id. */
export async function lockRequest(tx: Tx, organizationId: string, id: string): Promise<RequestRow> {
  if (!isUuid(id)) throw noSuchRequest();
  const row = await tx
    .selectFrom("requests")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw noSuchRequest();
  return row;
}

/**
 * The organization's request, locked, after the shifts it is about (FOR
 * UPDATE, in id order): every writer takes a shift before the requests on
 * it (a manager's edit expires them), so deciding or accepting one never
 * waits in the opposite order.
 */
export async function lockRequestAndShifts(tx: Tx, organizationId: string, id: string): Promise<RequestRow> {
  if (!isUuid(id)) throw noSuchRequest();
  const peek = await tx
    .selectFrom("requests")
    .select(["shift_id", "other_shift_id"])
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!peek) throw noSuchRequest();
  await lockShiftRows(tx, organizationId, [peek.shift_id, peek.other_shift_id]);
  return lockRequest(tx, organizationId, id);
}

/** Locks shifts FOR UPDATE in id order (the order every writer of many shifts takes). */
export async function lockShiftRows(tx: Tx, organizationId: string, ids: readonly (string | null)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return;
  await tx
    .selectFrom("shifts")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`id = any(${wanted}::uuid[])`)
    .orderBy("id")
    .forUpdate()
    .execute();
}

/**
 * Several requests, locked in id order (bulk decisions) after the shifts
 * they are about, which are answered too (as locked); missing ids are absent.
 */
export async function lockRequests(
  tx: Tx,
  organizationId: string,
  ids: readonly string[],
): Promise<{ rows: RequestRow[]; shifts: Map<string, TargetShift> }> {
  if (ids.length === 0) return { rows: [], shifts: new Map() };
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const about = await tx
    .selectFrom("requests")
    .select(["shift_id", "other_shift_id"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`id = any(${wanted}::uuid[])`)
    .execute();
  const shifts = await lockTargetShifts(
    tx,
    organizationId,
    about.flatMap((row) => [row.shift_id, row.other_shift_id]).filter((id): id is string => id !== null),
  );
  const rows = await tx
    .selectFrom("requests")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`id = any(${wanted}::uuid[])`)
    .orderBy("id")
    .forUpdate()
    .execute();
  return { rows, shifts };
}

export interface NewRequest {
  kind: RequestRow["kind"];
  status: "offered" | "pending" | "approved";
  author_id: string;
  shift_id?: string | null;
  other_shift_id?: string | null;
  to_user_id?: string | null;
  entry_id?: string | null;
  board_id: string | null;
  job_id: string | null;
  day: string;
  /** time_off and time_off_cancel: the leave type, the approved time off cancelled, the last day. */
  leave_type_id?: string | null;
  cancels_request_id?: string | null;
  ends_on?: string | null;
  details: RequestDetails;
  note: string | null;
  /** Approved at once by the organization's settings. */
  automatic?: boolean;
}

/** Adds a request (409 request_already_asked when the same one already waits). */
export async function insertRequest(tx: Tx, organizationId: string, values: NewRequest): Promise<RequestRow> {
  const { details, automatic, ...rest } = values;
  return refusingConstraints(askedRace, () =>
    tx
      .insertInto("requests")
      .values({
        organization_id: organizationId,
        ...rest,
        details: JSON.stringify(details),
        ...(automatic ? { automatic: true, decided_at: sql<Date>`now()` } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/**
 * Changes a request as it was read, raising its version; refused as no
 * longer waiting when it changed since (a bulk decision reads its requests
 * once, and an approval earlier in the list may have expired one).
 */
export async function changeRequest(
  tx: Tx,
  row: RequestRow,
  changes: Omit<Updateable<RequestsTable>, "id" | "organization_id" | "version">,
): Promise<RequestRow> {
  const changed = await tx
    .updateTable("requests")
    .set({ ...changes, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where("organization_id", "=", row.organization_id)
    .where("id", "=", row.id)
    .where("version", "=", row.version)
    .returningAll()
    .executeTakeFirst();
  if (!changed) throw notWaitingRefusal();
  return changed;
}

export const notWaitingRefusal = () =>
  refuse("request_not_waiting", "This request no longer waits: it was decided, cancelled or taken");
export const ownRequestRefusal = () => refuse("request_own", "Someone else decides your own requests");
