import { INVITATIONS_PER_DAY_MAX, INVITATIONS_PER_HOUR_MAX } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";

/** How many invitation links one organization may send per rolling hour and day. */
export interface InvitationBudget {
  perHour: number;
  perDay: number;
}

export const defaultInvitationBudget: InvitationBudget = {
  perHour: INVITATIONS_PER_HOUR_MAX,
  perDay: INVITATIONS_PER_DAY_MAX,
};

/** A 429 that says when to come back (the route sets Retry-After from it). */
export class TooManyNow extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
    fields?: Record<string, string>,
  ) {
    super("rate_limited", message, fields);
  }
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Takes `count` links out of the organization's budget, or refuses (429
 * rate_limited, `fields` naming why) and sends nothing. Every link counts,
 * whoever sends it: invites, imports and resends (the invitations table is
 * the ledger). Counted under a per-organization lock held to the end of the
 * transaction, so two imports at once cannot both spend the last of it.
 */
export async function spendInvitationBudget(
  tx: Tx,
  organizationId: string,
  count: number,
  options: { budget: InvitationBudget; now: Date; fields: Record<string, string> },
): Promise<void> {
  if (count <= 0) return;
  const { budget, now } = options;
  await sql`select pg_advisory_xact_lock(hashtext(${`invitations:${organizationId}`}))`.execute(tx);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const sent = await tx
    .selectFrom("invitations")
    .select([
      sql<string>`count(*)`.as("day"),
      sql<string>`count(*) filter (where created_at > ${hourAgo})`.as("hour"),
      sql<Date | string | null>`min(created_at)`.as("oldest_day"),
      sql<Date | string | null>`min(created_at) filter (where created_at > ${hourAgo})`.as("oldest_hour"),
    ])
    .where("organization_id", "=", organizationId)
    .where("created_at", ">", dayAgo)
    .executeTakeFirstOrThrow();
  const overHour = Number(sent.hour) + count > budget.perHour;
  const overDay = Number(sent.day) + count > budget.perDay;
  if (!overHour && !overDay) return;
  // When the oldest link of the window that is full leaves it (a lower bound when many are needed).
  const oldest = overDay ? sent.oldest_day : sent.oldest_hour;
  const window = overDay ? DAY_MS : HOUR_MS;
  const freesAt = oldest === null ? now.getTime() + window : new Date(oldest).getTime() + window;
  const retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  const remaining = Math.max(0, Math.min(budget.perHour - Number(sent.hour), budget.perDay - Number(sent.day)));
  throw new TooManyNow(
    retryAfterSeconds,
    `This organization can send ${remaining} more invitation${remaining === 1 ? "" : "s"} now; try again later`,
    options.fields,
  );
}
