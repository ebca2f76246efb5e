import type { MyRequestsResponse } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { holdsShiftSql } from "./eligibility.ts";
import { bookedTimes, overlapsBooked } from "./published-shifts.ts";
import { presentRequests, type RequestRow } from "./records.ts";

/** How far back one's decided requests are listed (waiting ones always are). */
const HISTORY_DAYS = 90;
/** At most this many of one's own requests (the newest). */
const MINE_MAX = 500;

/**
 * GET /api/my/requests: what I asked for (newest first: every waiting one,
 * and the rest of the last 90 days), and what teammates ask of me: covers
 * offered to me by name, or to everyone when I may take the shift and am free
 * then, and swaps naming me, still offered and not started (soonest first);
 * and what of theirs I said yes to (acceptedByMe).
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
    .select(["s.starts_at as shift_starts_at", "s.ends_at as shift_ends_at"])
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
  const open = await freeForOffers(tx, org, me, offers);
  const said = await acceptedByMe(tx, org, me);
  const [requests, offered, accepted] = await Promise.all([
    presentRequests(tx, org, mine),
    presentRequests(tx, org, open),
    presentRequests(tx, org, said),
  ]);
  return { requests, offers: offered, accepted };
}

/**
 * Teammates' covers I took and swaps naming me I accepted: waiting for a
 * manager, or decided (or closed) in the last 90 days; the ones I said yes
 * to last first.
 */
function acceptedByMe(tx: Tx, org: string, me: string): Promise<RequestRow[]> {
  return tx
    .selectFrom("requests")
    .selectAll()
    .where("organization_id", "=", org)
    .where("author_id", "<>", me)
    .where("accepted_at", "is not", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("kind", "=", "cover"), eb("taker_id", "=", me)]),
        eb.and([eb("kind", "=", "swap"), eb("to_user_id", "=", me)]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb(sql<Date>`coalesce(decided_at, updated_at)`, ">", sql<Date>`now() - make_interval(days => ${HISTORY_DAYS})`),
      ]),
    )
    .orderBy("accepted_at", "desc")
    .orderBy("id", "desc")
    .limit(MINE_MAX)
    .execute();
}

type Offer = RequestRow & { shift_starts_at: Date | string; shift_ends_at: Date | string };
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The offers left once covers offered to everyone that meet one of my
 * shifts are dropped (I could not accept them: the same rule as who is
 * told, ask-cover.ts). One named to me stays: I may still turn it down.
 */
async function freeForOffers(tx: Tx, org: string, me: string, offers: Offer[]): Promise<RequestRow[]> {
  const spans = offers.map(({ shift_starts_at, shift_ends_at, ...row }) => ({
    row,
    shift: { starts_at: iso(shift_starts_at), ends_at: iso(shift_ends_at) },
  }));
  const toEveryone = spans.filter(({ row }) => row.to_user_id === null);
  if (toEveryone.length === 0) return spans.map(({ row }) => row);
  const from = new Date(Math.min(...toEveryone.map(({ shift }) => Date.parse(shift.starts_at))));
  const to = new Date(Math.max(...toEveryone.map(({ shift }) => Date.parse(shift.ends_at))));
  const booked = (await bookedTimes(tx, org, [me], from, to)).get(me);
  return spans
    .filter(({ row, shift }) => row.to_user_id !== null || !overlapsBooked(booked, shift))
    .map(({ row }) => row);
}
