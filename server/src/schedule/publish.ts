import { employeePaths, type PublishResponse, type publishSchema } from "@workshift/contracts";
import { sql } from "kysely";
import type { z } from "zod";
import { enqueueMessages, type NewMessage } from "../delivery/outbox.ts";
import { activeRecipients, channelOf } from "../delivery/recipients.ts";
import { type Author, recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound } from "../lib/http/errors.ts";
import { expireRequestsOnShifts } from "../requests/expire.ts";
import { announceScheduleChange } from "./announce.ts";
import { boardDayRanges, onBoardDays } from "./board-days.ts";
import { openShiftsMessage } from "./open-shift-message.ts";
import { openShiftNotices } from "./open-shift-notices.ts";
import { publishMessage, type ShiftMention } from "./publish-message.ts";
import { type PersonChange, planPublish } from "./publish-plan.ts";
import type { ShiftRow } from "./records.ts";
import { scheduleWeek } from "./scope.ts";

export interface PublishOptions {
  /** Where the app is opened (the /my link in the messages). */
  publicUrl: string;
  /** ISO countries SMS may go to; a phone elsewhere is told by verified email when there is one. */
  smsCountries: readonly string[];
  /** How messages are queued (tests replace it to fail half-way). */
  enqueue?: typeof enqueueMessages;
}

type PublishBody = z.output<typeof publishSchema>;

const noSuchShift = () => notFound("No such shift");

/**
 * The shifts a publish covers, locked (FOR UPDATE) so no edit slips in
 * between reading them and publishing them: the chosen ids (every one must
 * be this organization's, else 404 before anything is written), or every
 * shift starting in the week on the board (or on every active board).
 */
async function lockShifts(tx: Tx, organizationId: string, body: PublishBody): Promise<ShiftRow[]> {
  if ("ids" in body) {
    const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
    const rows = await tx
      .selectFrom("shifts")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .where(sql<boolean>`id = any(${ids}::uuid[])`)
      // Shifts of archived boards are frozen (as for editing and deleting): nobody is told about them.
      .where("job_scheduler_id", "in", (eb) =>
        eb
          .selectFrom("job_schedulers")
          .select("id")
          .where("organization_id", "=", organizationId)
          .where("is_archived", "=", false),
      )
      // One lock order for every writer that locks many shifts (bulk delete too), so two cannot deadlock.
      .orderBy("id")
      .forUpdate()
      .execute();
    if (rows.length !== ids.length) throw noSuchShift();
    return rows;
  }
  const { boards, week } = await scheduleWeek(tx, organizationId, body.board, body.date);
  if (boards.length === 0) return [];
  return (
    tx
      .selectFrom("shifts")
      .selectAll()
      .where("organization_id", "=", organizationId)
      // The shifts the week shows: each on its board's days (zoneOfWork).
      .where(onBoardDays(boardDayRanges(boards, week.startDate, week.endDate)))
      .orderBy("id")
      .forUpdate()
      .execute()
  );
}

/**
 * One message per affected active person, in their language; invited and
 * archived people are not told. Open shifts the publish made visible to
 * someone are one more line of their message, or their only message when
 * their own shifts did not change.
 */
async function messagesFor(
  tx: Tx,
  organizationId: string,
  changes: Map<string, PersonChange[]>,
  options: PublishOptions,
  openShifts: Map<string, ShiftMention[]>,
): Promise<NewMessage[]> {
  if (changes.size === 0 && openShifts.size === 0) return [];
  const people = await activeRecipients(tx, organizationId, [...changes.keys(), ...openShifts.keys()]);
  if (people.length === 0) return [];

  const all = [...[...changes.values()].flat(), ...[...openShifts.values()].flat()];
  const boardIds = [...new Set(all.map((change) => change.boardId))];
  const jobIds = [...new Set(all.flatMap((change) => (change.jobId === null ? [] : [change.jobId])))];
  const organization = await tx
    .selectFrom("organizations")
    .select("title")
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
  const boards = new Map(
    (
      await tx
        .selectFrom("job_schedulers")
        .select(["id", "name", "time_zone"])
        .where("organization_id", "=", organizationId)
        .where(sql<boolean>`id = any(${boardIds}::uuid[])`)
        .execute()
    ).map((board) => [board.id, board]),
  );
  const jobs = new Map(
    jobIds.length === 0
      ? []
      : (
          await tx
            .selectFrom("jobs")
            .select(["id", "name"])
            .where("organization_id", "=", organizationId)
            .where(sql<boolean>`id = any(${jobIds}::uuid[])`)
            .execute()
        ).map((job) => [job.id, job.name]),
  );
  const link = `${options.publicUrl}${employeePaths.home}`;
  const openLink = `${options.publicUrl}${employeePaths.shifts}`;
  const zoneOf = (boardId: string) => boards.get(boardId)?.time_zone ?? "UTC";
  const placeOf = (change: ShiftMention) =>
    (change.jobId === null ? undefined : jobs.get(change.jobId)) ?? boards.get(change.boardId)?.name ?? null;

  const messages: NewMessage[] = [];
  for (const person of people) {
    const destination = channelOf(person, options.smsCountries);
    if (destination === null) continue;
    const context = { organization: organization.title, name: person.first_name, link, zoneOf, placeOf };
    const own = changes.get(person.id) ?? [];
    const open = openShifts.get(person.id) ?? [];
    const text =
      own.length > 0
        ? publishMessage(person.language, own, context, { count: open.length, link: openLink })
        : openShiftsMessage(person.language, open, { ...context, link: openLink });
    messages.push({
      channel: destination.channel,
      to: destination.to,
      ...(destination.channel === "sms" ? text.sms : text.email),
      language: person.language,
    });
  }
  return messages;
}

/**
 * Publishes, all or nothing in the caller's transaction: each pending shift's
 * draft becomes what people see (published_* and published_at), shifts
 * waiting for removal are deleted, and every affected person gets one
 * message through the outbox saying what changed for them, with the open
 * shifts it made visible that they may claim (openShiftNotices; those told of
 * nothing else get a message of the open shifts alone). With nothing
 * pending, nothing is written and nobody is told.
 */
export async function publishSchedule(
  tx: Tx,
  actor: Author,
  body: PublishBody,
  options: PublishOptions,
  now = new Date(),
): Promise<PublishResponse> {
  const organizationId = actor.organizationId;
  const rows = await lockShifts(tx, organizationId, body);
  const plan = planPublish(rows);
  if (plan.publishIds.length === 0 && plan.removeIds.length === 0) return { published: 0, removed: 0, notified: 0 };

  if (plan.publishIds.length > 0) {
    // One set-based statement, whatever the count (3,000 shifts of a busy week).
    await tx
      .updateTable("shifts")
      .set((eb) => ({
        published_at: now,
        published_user_id: eb.ref("user_id"),
        published_job_id: eb.ref("job_id"),
        published_starts_at: eb.ref("starts_at"),
        published_ends_at: eb.ref("ends_at"),
        published_break_minutes: eb.ref("break_minutes"),
        published_note: eb.ref("note"),
      }))
      .where("organization_id", "=", organizationId)
      .where(sql<boolean>`id = any(${plan.publishIds}::uuid[])`)
      .execute();
  }
  if (plan.removeIds.length > 0) {
    const removed = new Set(plan.removeIds);
    await expireRequestsOnShifts(
      tx,
      organizationId,
      rows.filter((row) => removed.has(row.id)).map((row) => ({ before: row, after: null })),
      actor.userId,
    );
    await tx
      .deleteFrom("shifts")
      .where("organization_id", "=", organizationId)
      .where(sql<boolean>`id = any(${plan.removeIds}::uuid[])`)
      .execute();
  }

  const openShifts = await openShiftNotices(tx, organizationId, rows, new Set(plan.publishIds), actor.userId, now);
  const messages = await messagesFor(tx, organizationId, plan.changes, options, openShifts);
  await (options.enqueue ?? enqueueMessages)(tx, messages);

  const result = { published: plan.publishIds.length, removed: plan.removeIds.length, notified: messages.length };
  const boardIds = [...plan.boardIds];
  const target =
    "board" in body && body.board !== "all"
      ? { type: "job_scheduler", id: body.board }
      : { type: "organization", id: organizationId };
  await recordAudit(tx, actor, {
    action: "schedule.published",
    targetType: target.type,
    targetId: target.id,
    after: {
      ...("ids" in body ? { shift_count: body.ids.length } : { board: body.board, date: body.date }),
      board_ids: boardIds,
      ...result,
    },
  });
  await announceScheduleChange(tx, organizationId, {
    board_ids: boardIds,
    // A chosen few are named (boards refresh just those); a whole week reloads.
    shift_ids: "ids" in body ? [...plan.publishIds, ...plan.removeIds] : [],
    actor_id: actor.userId,
    kind: "published",
  });
  return result;
}
