import {
  addDays,
  type CopyResult,
  daysBetween,
  instantAt,
  localDateOf,
  localTimeOf,
  type ScheduleTemplate,
  type templateApplySchema,
  type templateCreateSchema,
  weekOf,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { z } from "zod";
import { type Author, recordAudit } from "../lib/db/audit.ts";
import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import { isUuid } from "../lib/db/ids.ts";
import type { TemplateShift } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound, refuse } from "../lib/http/errors.ts";
import { announceScheduleChange } from "./announce.ts";
import { type DraftShift, insertDrafts } from "./copy-week-insert.ts";
import { leaveCheck, onLeaveRefusal } from "./leave-checks.ts";
import { scheduleBoard } from "./scope.ts";

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const noSuchTemplate = () => notFound("No such template");
const nameTaken = () =>
  refuse("template_name_taken", "This board already has a template with this name", {
    name: "schedule.templateNameTaken",
  });

/** "HH:mm" → minutes since midnight, and back (any count of minutes, wrapped to a day). */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, "0")}:${String(inDay % 60).padStart(2, "0")}`;
};

function selectTemplates(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("schedule_templates")
    .select([
      "id",
      "job_scheduler_id",
      "name",
      "created_at",
      sql<number>`jsonb_array_length(shifts)::int`.as("shift_count"),
    ])
    .where("organization_id", "=", organizationId);
}

type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>["executeTakeFirstOrThrow"]>>;

const presentTemplate = (row: TemplateRow): ScheduleTemplate => ({
  id: row.id,
  board_id: row.job_scheduler_id,
  name: row.name,
  shift_count: Number(row.shift_count),
  created_at: iso(row.created_at),
});

/** The board's templates, by name. */
export async function listTemplates(tx: Tx, organizationId: string, boardId: string): Promise<ScheduleTemplate[]> {
  const board = await scheduleBoard(tx, organizationId, boardId);
  const rows = await selectTemplates(tx, organizationId)
    .where("job_scheduler_id", "=", board.id)
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
  return rows.map(presentTemplate);
}

/**
 * A week's shifts as wall clock in the board's zone: the day of the week,
 * the start time and the wall-clock length to the end time (so 22:00–06:00
 * stays 22:00–06:00 in any week, whatever its DST change).
 */
export function toTemplateShifts(
  rows: readonly {
    user_id: string | null;
    job_id: string | null;
    starts_at: Date | string;
    ends_at: Date | string;
    break_minutes: number;
    note: string | null;
  }[],
  weekStartDate: string,
  zone: string,
): TemplateShift[] {
  return rows.map((row) => {
    const startDate = localDateOf(iso(row.starts_at), zone);
    const start = localTimeOf(iso(row.starts_at), zone);
    const end = localTimeOf(iso(row.ends_at), zone);
    const endDays = daysBetween(startDate, localDateOf(iso(row.ends_at), zone));
    return {
      day: daysBetween(weekStartDate, startDate),
      start,
      minutes: endDays * 1440 + minutesOf(end) - minutesOf(start),
      break_minutes: row.break_minutes,
      user_id: row.user_id,
      job_id: row.job_id,
      note: row.note,
    };
  });
}

/** Template shifts laid on the week starting `weekStartDate` in `zone` (times that fall in a DST gap move forward). */
export function fromTemplateShifts(
  shifts: readonly TemplateShift[],
  weekStartDate: string,
  zone: string,
): DraftShift[] {
  return shifts.map((shift) => {
    const date = addDays(weekStartDate, shift.day);
    const endMinutes = minutesOf(shift.start) + shift.minutes;
    return {
      user_id: shift.user_id,
      job_id: shift.job_id,
      starts_at: instantAt(date, shift.start, zone),
      ends_at: instantAt(addDays(date, Math.floor(endMinutes / 1440)), timeOf(endMinutes), zone),
      break_minutes: shift.break_minutes,
      note: shift.note,
    };
  });
}

/** Saves the week's shifts on the board (pending removals left out) under a name unique on the board, any case. */
export async function createTemplate(
  tx: Tx,
  author: Author,
  body: z.output<typeof templateCreateSchema>,
): Promise<ScheduleTemplate> {
  const board = await scheduleBoard(tx, author.organizationId, body.board_id);
  const taken = await tx
    .selectFrom("schedule_templates")
    .select("id")
    .where("organization_id", "=", author.organizationId)
    .where("job_scheduler_id", "=", board.id)
    .where(sql`lower(name)`, "=", body.name.toLowerCase())
    .executeTakeFirst();
  if (taken) throw nameTaken();
  const week = weekOf(body.date, board.time_zone, board.week_start);
  const rows = await tx
    .selectFrom("shifts")
    .select(["user_id", "job_id", "starts_at", "ends_at", "break_minutes", "note"])
    .where("organization_id", "=", author.organizationId)
    .where("job_scheduler_id", "=", board.id)
    .where("deleted_at", "is", null)
    .where("starts_at", ">=", new Date(week.startsAt))
    .where("starts_at", "<", new Date(week.endsAt))
    .orderBy("starts_at")
    .execute();
  const shifts = toTemplateShifts(rows, week.startDate, board.time_zone);
  // Two managers saving the same name at once: the unique index decides.
  const inserted = await refusingConstraints({ schedule_templates_name: nameTaken }, () =>
    tx
      .insertInto("schedule_templates")
      .values({
        organization_id: author.organizationId,
        job_scheduler_id: board.id,
        name: body.name,
        shifts: JSON.stringify(shifts),
        created_by: author.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  const template = presentTemplate(
    await selectTemplates(tx, author.organizationId).where("id", "=", inserted.id).executeTakeFirstOrThrow(),
  );
  await recordAudit(tx, author, {
    action: "schedule.template_created",
    targetType: "schedule_template",
    targetId: template.id,
    after: {
      board_id: board.id,
      name: template.name,
      week: week.startDate,
      shift_count: template.shift_count,
    },
  });
  return template;
}

async function templateOrThrow(tx: Tx, organizationId: string, id: string) {
  if (!isUuid(id)) throw noSuchTemplate();
  const row = await tx
    .selectFrom("schedule_templates")
    .select(["id", "job_scheduler_id", "name", "shifts"])
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw noSuchTemplate();
  return row;
}

/** The template's shifts as drafts in the week of `date`; skipped like a copied week. */
export async function applyTemplate(
  tx: Tx,
  author: Author,
  id: string,
  body: z.output<typeof templateApplySchema>,
): Promise<CopyResult> {
  const template = await templateOrThrow(tx, author.organizationId, id);
  // Locked, as copy-week does: two applications at once would both add the open shifts.
  const board = await scheduleBoard(tx, author.organizationId, template.job_scheduler_id, { forUpdate: true });
  const week = weekOf(body.date, board.time_zone, board.week_start);
  const shifts =
    typeof template.shifts === "string" ? (JSON.parse(template.shifts) as TemplateShift[]) : template.shifts;
  const result = await insertDrafts(tx, author, board.id, fromTemplateShifts(shifts, week.startDate, board.time_zone));
  // Made first (the skipping rules decide which are), then held to the leave policy: a refusal rolls them back.
  const leave = await leaveCheck(tx, author.organizationId, result.made);
  if (leave.refuses && leave.warnings.length > 0) throw onLeaveRefusal(leave.warnings);
  if (result.created > 0) {
    await recordAudit(tx, author, {
      action: "schedule.template_applied",
      targetType: "schedule_template",
      targetId: template.id,
      after: {
        board_id: board.id,
        week: week.startDate,
        created: result.created,
        skipped: result.skipped,
      },
    });
    await announceScheduleChange(tx, author.organizationId, {
      board_ids: [board.id],
      actor_id: author.userId,
      kind: "changed",
    });
  }
  return {
    created: result.created,
    skipped: result.skipped,
    ...(leave.warnings.length > 0 ? { warnings: leave.warnings } : {}),
  };
}

export async function deleteTemplate(tx: Tx, author: Author, id: string): Promise<void> {
  const template = await templateOrThrow(tx, author.organizationId, id);
  await tx
    .deleteFrom("schedule_templates")
    .where("organization_id", "=", author.organizationId)
    .where("id", "=", template.id)
    .execute();
  await recordAudit(tx, author, {
    action: "schedule.template_deleted",
    targetType: "schedule_template",
    targetId: template.id,
    after: {
      board_id: template.job_scheduler_id,
      name: template.name,
    },
  });
}
