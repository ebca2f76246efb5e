import type { MyRequestsResponse } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { holdsShiftSql } from "./eligibility.ts";
import { presentRequests } from "./records.ts";

/** How far back one's decided requests are listed (waiting ones always are). */
const HISTORY_DAYS = 90;
/** At most this many of one's own requests (the newest). */
const MINE_MAX = 500;

/**
 * GET /api/my/requests: what I asked for (newest first: every waiting one,
 * and the rest of the last 90 days), and what teammates ask of me: covers
 * offered to me by name, or to everyone when I may take the shift, and swaps
 * naming me, still offered and not started (soonest first).
 */
export async function myRequests(tx: Tx, actor: Actor): Promise<MyRequestsResponse> {
  const org = actor.organizationId;
  const me = actor.userId;
  const mine = await tx
    .selectFrom("requests")
    .selectAll()
    .where("organization_id", "=", org)
    .where("author_id", "=", me)
    .where((eb) =>
      eb.or([
        eb("status", "in", ["offered", "pending"]),
        eb("created_at", ">", sql<Date>`now() - make_interval(days => ${HISTORY_DAYS})`),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MINE_MAX)
    .execute();
  const offers = await tx
    .selectFrom("requests as r")
    .innerJoin("shifts as s", (join) =>
      join.onRef("s.organization_id", "=", "r.organization_id").onRef("s.id", "=", "r.shift_id"),
    )
    .selectAll("r")
    .where("r.organization_id", "=", org)
    .where("r.status", "=", "offered")
    .where("r.author_id", "<>", me)
    .where("s.deleted_at", "is", null)
    .where("s.starts_at", ">", sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb.and([eb("r.kind", "in", ["cover", "swap"]), eb("r.to_user_id", "=", me)]),
        eb.and([
          eb("r.kind", "=", "cover"),
          eb("r.to_user_id", "is", null),
          // The reader is an active member (inTenant): what is left is the job or the board.
          holdsShiftSql(org, sql`${me}::uuid`, sql.ref("s.job_id"), sql.ref("s.job_scheduler_id")),
        ]),
      ]),
    )
    .orderBy("s.starts_at")
    .orderBy("r.id")
    .execute();
  const [requests, offered] = await Promise.all([presentRequests(tx, org, mine), presentRequests(tx, org, offers)]);
  return { requests, offers: offered };
}
