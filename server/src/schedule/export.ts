import { asciiSlug, localTimeOf, paidMinutes, weekdayOf, workDateOf } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { boardDayRanges, onBoardDays } from "./board-days.ts";
import { type CsvCell, csvDocument } from "./export-csv.ts";
import { type ShiftRow, shiftStatusOf } from "./records.ts";
import { scheduleWeek } from "./scope.ts";

/**
 * The columns of the week's CSV. Headers stay English and lowercase on
 * purpose: the file is for payroll tools and spreadsheets, which match
 * columns by name; the values (names, notes) keep their own language.
 */
export const CSV_HEADER = [
  "date",
  "weekday",
  "start",
  "end",
  "break_minutes",
  "paid_hours",
  "person",
  "job",
  "board",
  "status",
  "note",
  "cost",
] as const;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export interface WeekCsv {
  filename: string;
  text: string;
}

/**
 * The week of a board (or all boards) as CSV: one row per shift whose day is
 * one of the week's (its day and times in its board's zone, zoneOfWork; an
 * end before the start is the next morning), in order, the draft as managers
 * see it with its status. Paid hours leave the break out; cost is paid hours
 * × the person's rate, else the job's.
 */
export async function weekCsv(tx: Tx, organizationId: string, scope: string, date?: string): Promise<WeekCsv> {
  const { boards, week, all, zone } = await scheduleWeek(tx, organizationId, scope, date);
  const rows =
    boards.length === 0
      ? []
      : await tx
          .selectFrom("shifts as s")
          .innerJoin("job_schedulers as b", (join) =>
            join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
          )
          .leftJoin("jobs as j", (join) =>
            join.onRef("j.organization_id", "=", "s.organization_id").onRef("j.id", "=", "s.job_id"),
          )
          .leftJoin("memberships as m", (join) =>
            join.onRef("m.organization_id", "=", "s.organization_id").onRef("m.user_id", "=", "s.user_id"),
          )
          .leftJoin("users as u", "u.id", "s.user_id")
          .selectAll("s")
          .select([
            "b.name as board_name",
            "b.time_zone",
            "j.name as job_name",
            "j.hourly_rate as job_rate",
            "m.hourly_rate as person_rate",
            // The people feature's rule (people/list.ts): an invited person is named as the organization typed them.
            sql<string | null>`coalesce(m.invited_first_name, u.first_name)`.as("first_name"),
            sql<string | null>`coalesce(m.invited_last_name, u.last_name)`.as("last_name"),
          ])
          .where("s.organization_id", "=", organizationId)
          .where(onBoardDays(boardDayRanges(boards, week.startDate, week.endDate), "s"))
          .orderBy("s.starts_at")
          .orderBy(sql`lower(coalesce(m.invited_first_name, u.first_name, ''))`)
          .orderBy("s.id")
          .execute();

  const dayOf = (row: (typeof rows)[number]) =>
    workDateOf(iso(row.starts_at), { board: row.time_zone, job: null, organization: zone });
  const cells: CsvCell[][] = rows.map((row) => {
    const startsAt = iso(row.starts_at);
    const endsAt = iso(row.ends_at);
    const day = dayOf(row);
    const paid = paidMinutes(startsAt, endsAt, row.break_minutes);
    const rate = row.person_rate ?? row.job_rate;
    const person = [row.first_name, row.last_name].filter(Boolean).join(" ");
    return [
      day,
      WEEKDAYS[weekdayOf(day)],
      localTimeOf(startsAt, row.time_zone),
      localTimeOf(endsAt, row.time_zone),
      row.break_minutes,
      (paid / 60).toFixed(2),
      person,
      row.job_name,
      row.board_name,
      shiftStatusOf(row as ShiftRow),
      row.note,
      rate === null ? "" : (Math.round((paid / 60) * Number(rate) * 100) / 100).toFixed(2),
    ];
  });
  const name = all ? "all" : asciiSlug(boards[0]?.name ?? "");
  return { filename: `schedule-${name}-${week.startDate}.csv`, text: csvDocument(CSV_HEADER, cells) };
}
