import { localDateOf } from "@workshift/contracts";
import { notFound } from "../lib/http/errors.ts";
import type { EntryRow } from "../time-clock/records.ts";
import { checkCorrection, correctionOf, ownEntry } from "./correction.ts";
import type { RequestRow } from "./records.ts";
import type { RequestSettingsInZone } from "./settings.ts";
import { insertRequest } from "./store.ts";
import { type StepContext, tellApprovers } from "./transitions.ts";

/**
 * Asks for one's own entry to be corrected, or a missed one added, with the
 * reason; refused at once when a manager's edit would be. Always waits for a
 * manager. The day is the clock-in's on the entry's clock (its shift's board's,
 * else the organization's); the board, the entry's shift's.
 */
export async function askCorrection(
  ctx: StepContext,
  settings: RequestSettingsInZone,
  body: {
    entry_id?: string | null | undefined;
    job_id?: string | null | undefined;
    clock_in_at: string;
    clock_out_at: string;
    breaks?: { starts_at: string; ends_at: string }[] | undefined;
    reason: string;
  },
): Promise<RequestRow> {
  const { tx, actor, now } = ctx;
  const org = actor.organizationId;
  let entry: EntryRow | null = null;
  if (body.entry_id) {
    entry = (await ownEntry(tx, org, actor.userId, body.entry_id)) ?? null;
    if (!entry) throw notFound("No such time entry");
  }
  const times = await checkCorrection(tx, actor, actor.userId, correctionOf(body, entry), entry, now);
  const board = entry?.shift_id
    ? await tx
        .selectFrom("shifts as s")
        .innerJoin("job_schedulers as b", (join) =>
          join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
        )
        .select(["s.job_scheduler_id", "b.time_zone"])
        .where("s.organization_id", "=", org)
        .where("s.id", "=", entry.shift_id)
        .executeTakeFirst()
    : undefined;
  // An entry on a shift is read on its board's clock, any other on the organization's (the zone-of-work rule).
  const zone = board?.time_zone ?? settings.time_zone;
  const row = await insertRequest(tx, org, {
    kind: "correction",
    status: "pending",
    author_id: actor.userId,
    entry_id: entry?.id ?? null,
    board_id: board?.job_scheduler_id ?? null,
    job_id: times.job_id,
    day: localDateOf(times.clock_in_at, zone),
    details: { correction: { ...times, entry_version: entry ? Number(entry.version) : null, time_zone: zone } },
    note: body.reason,
  });
  ctx.effects.audit(actor.userId, "request.created", row, { after: { kind: row.kind, status: row.status } });
  ctx.effects.changed([row]);
  await tellApprovers(ctx, row);
  return row;
}
