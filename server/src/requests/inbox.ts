import {
  can,
  decidableRequestKinds,
  type InboxCount,
  type InboxItemResponse,
  type InboxResponse,
  type inboxQuerySchema,
  REQUEST_PAGE_DEFAULT,
  type Request,
  type RequestKind,
  type RequestStatus,
  requestDeciders,
  requestKinds,
  requestStatuses,
  waitingRequestStatuses,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { z } from "zod";
import type { Actor } from "../lib/access/actor.ts";
import { isUuid } from "../lib/db/ids.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { requestImpacts } from "./impact.ts";
import { readCursor, writeCursor } from "./inbox-cursor.ts";
import { presentRequests, type RequestRow } from "./records.ts";
import { noSuchRequest } from "./store.ts";

/**
 * The managers' inbox: the requests of the kinds the reader may decide
 * (the access table's requestDeciders), newest first, a page at a time, each
 * waiting one with the impact of a yes; and how many wait for them.
 */

type InboxQuery = z.output<typeof inboxQuerySchema>;

const waiting: readonly RequestStatus[] = waitingRequestStatuses;
/** The history: whatever no longer waits. */
const decided: readonly RequestStatus[] = requestStatuses.filter((status) => !waiting.includes(status));

function statusesOf(state: InboxQuery["state"]): readonly RequestStatus[] {
  if (state === undefined || state === "waiting") return waiting;
  if (state === "decided") return decided;
  return [state];
}

export async function listInbox(tx: Tx, actor: Actor, query: InboxQuery, now = new Date()): Promise<InboxResponse> {
  const kinds = decidableRequestKinds(actor);
  const wanted = query.kind === undefined ? kinds : kinds.filter((kind) => kind === query.kind);
  const cursor = query.cursor ? readCursor(query.cursor) : null;
  if (wanted.length === 0) return { requests: [], next_cursor: null, kinds };
  const limit = query.limit ?? REQUEST_PAGE_DEFAULT;

  let select = tx
    .selectFrom("requests")
    .selectAll()
    // The instant to the microsecond: a Date would lose them, and the cursor with them.
    .select(sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("created_key"))
    .where("organization_id", "=", actor.organizationId)
    .where("status", "in", [...statusesOf(query.state)])
    .where("kind", "in", wanted);
  if (query.board_id !== undefined) select = select.where("board_id", "=", query.board_id);
  if (query.user_id !== undefined) select = select.where("author_id", "=", query.user_id);
  if (query.from !== undefined) select = select.where("day", ">=", query.from);
  if (query.to !== undefined) select = select.where("day", "<=", query.to);
  if (cursor) {
    select = select.where(sql<boolean>`(created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  }
  const found = await select
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();

  const page = found.slice(0, limit);
  const last = page.at(-1);
  const rows: RequestRow[] = page.map(({ created_key: _key, ...row }) => row);
  const [requests, impacts] = [
    await presentRequests(tx, actor.organizationId, rows),
    await requestImpacts(tx, actor, rows, now),
  ];
  return {
    requests: requests.map((request) => ({ ...request, impact: impacts.get(request.id) ?? null })),
    next_cursor: found.length > limit && last ? writeCursor({ createdAt: last.created_key, id: last.id }) : null,
    kinds,
  };
}

/** GET /api/requests/:id: one request the reader may decide (its kind), with its impact while it waits; else 404. */
export async function inboxItem(tx: Tx, actor: Actor, id: string, now = new Date()): Promise<InboxItemResponse> {
  if (!isUuid(id)) throw noSuchRequest();
  const row = await tx
    .selectFrom("requests")
    .selectAll()
    .where("organization_id", "=", actor.organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || !can(actor, requestDeciders[row.kind as RequestKind])) throw noSuchRequest();
  const [request] = await presentRequests(tx, actor.organizationId, [row]);
  const impacts = await requestImpacts(tx, actor, [row], now);
  return { request: { ...(request as Request), impact: impacts.get(row.id) ?? null } };
}

/** How many requests wait for this manager's yes (pending, of the kinds they decide): one indexed query. */
export async function inboxCount(tx: Tx, actor: Actor): Promise<InboxCount> {
  const kinds = decidableRequestKinds(actor);
  const byKind = Object.fromEntries(requestKinds.map((kind) => [kind, 0])) as Record<RequestKind, number>;
  if (kinds.length === 0) return { pending: 0, by_kind: byKind };
  const rows = await tx
    .selectFrom("requests")
    .select(["kind", (eb) => eb.fn.countAll<string>().as("n")])
    .where("organization_id", "=", actor.organizationId)
    .where("status", "=", "pending")
    .where("kind", "in", kinds)
    .groupBy("kind")
    .execute();
  let pending = 0;
  for (const row of rows) {
    byKind[row.kind as RequestKind] = Number(row.n);
    pending += Number(row.n);
  }
  return { pending, by_kind: byKind };
}
