import {
  addDays,
  dayStartOf,
  type ErrorCode,
  entryDate,
  type PersonTimesheet,
  personTimesheet,
  type RequestImpact,
  type SheetEntry,
  weekStartDate,
  zoneOfWork,
} from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import { type ClockSettings, clockSettingsOf, clockSettingsQuery } from "../time-clock/settings.ts";
import {
  approvedPeriods,
  type EntryNow,
  entriesAround,
  entriesNow,
  entryRowsById,
  payRates,
} from "./impact-correction-data.ts";
import type { ReadBatch, Row } from "./read-batch.ts";
import { detailsOf, type RequestRow } from "./records.ts";

/**
 * The impact of corrections of time: the entry before → after with the
 * minutes and pay the timesheets would count (rounding, breaks, overtime at
 * the person's rate, else the job's), the person's worked minutes of each
 * week concerned before → after, and what would refuse it now (the entry
 * changed, its period approved, another entry at that time). Two waves of
 * reads for a whole page.
 */

/** The entries of a week are loaded this far around it: entries sit on their own zone's day (±14 h). */
const MARGIN_MS = 2 * 24 * 60 * 60 * 1000;
/** A week has no more minutes than this: the limit when the organization counts no weekly overtime. */
const WEEK_MINUTES = 7 * 24 * 60;

const cents = (money: number) => Math.round((money + Number.EPSILON) * 100) / 100;

interface Asked {
  row: RequestRow;
  before: EntryNow | null;
  after: SheetEntry;
  beforeWeek: string | null;
  afterWeek: string;
  dates: string[];
  /** The entry was deleted or changed since it was asked about. */
  changed: boolean;
}

function ask(
  row: RequestRow,
  entries: Map<string, EntryNow>,
  jobs: Map<string, { rate: number | null; time_zone: string | null }>,
  settings: ClockSettings,
): Asked | null {
  const correction = detailsOf(row).correction;
  if (!correction) return null;
  const found = row.entry_id ? entries.get(row.entry_id) : undefined;
  const before = found && !found.deleted ? found : null;
  const changed = correction.entry_version !== null && (before === null || before.version !== correction.entry_version);
  const zone = zoneOfWork({
    board: before?.shift_id ? before.board_zone : null,
    job: correction.job_id ? (jobs.get(correction.job_id)?.time_zone ?? null) : null,
    organization: settings.time_zone,
  });
  const after: SheetEntry = {
    // The request's id stands for an entry that does not exist yet.
    id: before?.id ?? row.id,
    user_id: row.author_id,
    job_id: correction.job_id,
    shift_id: before?.shift_id ?? null,
    clock_in_at: correction.clock_in_at,
    clock_out_at: correction.clock_out_at,
    breaks: correction.breaks,
    // A manager's correction counts whatever its length (the time clock marks it reviewed).
    reviewed: true,
    time_zone: zone,
  };
  const afterDate = entryDate(after.clock_in_at, settings.rounding_minutes, zone);
  const beforeDate = before ? entryDate(before.clock_in_at, settings.rounding_minutes, before.time_zone) : null;
  return {
    row,
    before,
    after,
    beforeWeek: beforeDate === null ? null : weekStartDate(beforeDate, settings.week_start),
    afterWeek: weekStartDate(afterDate, settings.week_start),
    dates: beforeDate === null ? [afterDate] : [beforeDate, afterDate],
    changed,
  };
}

const overlaps = (a: SheetEntry, b: SheetEntry) => {
  const end = (entry: SheetEntry) =>
    entry.clock_out_at === null ? Number.POSITIVE_INFINITY : Date.parse(entry.clock_out_at);
  return Date.parse(a.clock_in_at) < end(b) && Date.parse(b.clock_in_at) < end(a);
};

export async function correctionImpacts(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  rows: readonly RequestRow[],
  now: Date,
): Promise<Map<string, RequestImpact>> {
  const result = new Map<string, RequestImpact>();
  if (rows.length === 0) return result;
  const entryIds = rows.flatMap((row) => (row.entry_id ? [row.entry_id] : []));
  const [settings, entryRows, pay] = await Promise.all([
    batch
      .rows<Row<ReturnType<typeof clockSettingsQuery>>>(clockSettingsQuery(tx, organizationId))
      .then((found) => clockSettingsOf(found[0])),
    entryRowsById(tx, batch, organizationId, entryIds),
    payRates(
      tx,
      batch,
      organizationId,
      rows.map((row) => row.author_id),
    ),
  ]);
  const entries = entriesNow(entryRows, settings.time_zone);
  const { jobs, people: rates, currency } = pay;
  const asked = rows.map((row) => ask(row, entries, jobs, settings)).filter((item): item is Asked => item !== null);
  const windows = asked.flatMap((item) =>
    [item.beforeWeek, item.afterWeek]
      .filter((week): week is string => week !== null)
      .map((week) => ({
        user_id: item.row.author_id,
        from: new Date(Date.parse(dayStartOf(week, settings.time_zone)) - MARGIN_MS).toISOString(),
        to: new Date(Date.parse(dayStartOf(addDays(week, 7), settings.time_zone)) + MARGIN_MS).toISOString(),
      })),
  );
  const dates = asked.flatMap((item) => item.dates).sort();
  const [around, approvals] = await Promise.all([
    entriesAround(tx, batch, organizationId, windows, settings.time_zone),
    approvedPeriods(
      tx,
      batch,
      organizationId,
      asked.map((item) => item.row.author_id),
      dates[0] ?? "",
      dates.at(-1) ?? "",
    ),
  ]);

  const rateOf = (userId: string, jobId: string | null) =>
    rates.get(userId) ?? (jobId === null ? null : (jobs.get(jobId)?.rate ?? null));
  const rules = { ...settings, rounding_minutes: settings.rounding_minutes as 0 | 5 | 10 | 15 };
  const sheetOf = (userId: string, list: readonly SheetEntry[], week: string): PersonTimesheet =>
    personTimesheet(userId, list, [], {
      period: { start: week, end: addDays(week, 6) },
      rules,
      now: now.toISOString(),
      rateOf,
    });

  for (const item of asked) {
    const { row, before, after } = item;
    const userId = row.author_id;
    const others = (around.get(userId) ?? []).filter((entry) => entry.id !== before?.id);
    const withBefore = before ? [...others, before] : others;
    const withAfter = [...others, after];
    // Each week's timesheet once per set of entries: without the entry, with it as it is, with it corrected.
    const sheets = new Map<string, PersonTimesheet>();
    const sheet = (which: "others" | "before" | "after", week: string) => {
      const key = `${which}|${week}`;
      let found = sheets.get(key);
      if (!found) {
        found = sheetOf(userId, which === "others" ? others : which === "before" ? withBefore : withAfter, week);
        sheets.set(key, found);
      }
      return found;
    };
    /** An entry's minutes in its week, and the pay it adds to the week (its overtime at the multiplier). */
    const figures = (entry: SheetEntry, which: "before" | "after", week: string) => {
      const counted = sheet(which, week).entries.find((line) => line.id === entry.id);
      const rate = rateOf(userId, entry.job_id);
      const pay =
        rate === null ? null : cents((sheet(which, week).totals.cost ?? 0) - (sheet("others", week).totals.cost ?? 0));
      return {
        times: {
          clock_in_at: entry.clock_in_at,
          clock_out_at: entry.clock_out_at,
          break_minutes: counted?.break_minutes ?? 0,
          worked_minutes: counted?.worked_minutes ?? 0,
          job_id: entry.job_id,
        },
        pay,
      };
    };
    const beforeFigures = before && item.beforeWeek ? figures(before, "before", item.beforeWeek) : null;
    const afterFigures = figures(after, "after", item.afterWeek);

    const weeks = [...new Set([item.beforeWeek, item.afterWeek].filter((week): week is string => week !== null))];
    const hours = weeks.map((week) => ({
      user_id: userId,
      week_start: week,
      before_minutes: sheet("before", week).totals.worked_minutes,
      after_minutes: sheet("after", week).totals.worked_minutes,
      limit_minutes: settings.overtime_weekly_minutes ?? WEEK_MINUTES,
    }));

    const blockers: ErrorCode[] = [];
    if (item.changed) blockers.push("time_entry_changed");
    const periods = approvals.get(userId) ?? [];
    if (item.dates.some((date) => periods.some((period) => period.start <= date && date <= period.end))) {
      blockers.push("timesheet_period_approved");
    }
    if (others.some((entry) => overlaps(entry, after))) blockers.push("time_entry_overlap");

    result.set(row.id, {
      blockers,
      assignments: [],
      hours,
      warnings: [],
      availability_conflicts: [],
      time_off_conflicts: [],
      time_off: null,
      coverage: null,
      entry: {
        before: beforeFigures?.times ?? null,
        after: afterFigures.times,
        pay_before: beforeFigures ? beforeFigures.pay : afterFigures.pay === null ? null : 0,
        pay_after: afterFigures.pay,
        currency,
      },
    });
  }
  return result;
}
