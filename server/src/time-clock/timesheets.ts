import {
  addDays,
  dayStartOf,
  payPeriodOf,
  personTimesheet,
  type SheetEntry,
  type SheetShift,
  sheetWindow,
  sumLeave,
  sumTimesheets,
  type TimesheetPerson,
  type TimesheetResponse,
  timesheetResponseSchema,
  todayIn,
  withLeave,
  zoneOfWork,
} from "@workshift/contracts";
import { sql } from "kysely";
import { mapPersonIds } from "../lib/access/person-ids.ts";
import { isUuid } from "../lib/db/ids.ts";
import { personIdOf } from "../lib/db/person-id.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound } from "../lib/http/errors.ts";
import { shown } from "../people/list.ts";
import { approvedLeaveDays, type LeaveDay } from "../time-off/leave-days-read.ts";
import { coveredPeople } from "./covered-people.ts";
import { entryColumns, iso, isoText, storedBreaks, toEntry } from "./records.ts";
import { type ClockSettings, clockSettings } from "./settings.ts";
import { keepPeriod, keptPeriod, type PeriodRows, periodFingerprint } from "./timesheet-cache.ts";
import { entriesJoinedToZones, entryZoneOf } from "./work-zones.ts";

const money = (value: string | number | null) => (value === null ? null : Number(value));
/** Entries and shifts sit on their day in their own zone (zoneOfWork): a day's margin covers every zone (±14 h). */
const MARGIN_MS = 24 * 60 * 60 * 1000;

/** The boards a time clock view covers: one board, or every active board ("all"); whose time it is: coveredPeople. */
export interface ClockScope {
  boards: { id: string; name: string }[];
  all: boolean;
}

export async function clockScope(tx: Tx, organizationId: string, scope: string): Promise<ClockScope> {
  const boards = tx
    .selectFrom("job_schedulers")
    .select(["id", "name"])
    .where("organization_id", "=", organizationId)
    .where("is_archived", "=", false);
  if (scope === "all") {
    return { boards: await boards.orderBy(sql`lower(name)`).orderBy("id").execute(), all: true };
  }
  if (!isUuid(scope)) throw notFound("No such board");
  const board = await boards.where("id", "=", scope).executeTakeFirst();
  if (!board) throw notFound("No such board");
  return { boards: [board], all: false };
}

/**
 * The timesheets of a scope for the pay period holding `date` (today in the
 * organization's zone by default): each person's days (scheduled vs worked,
 * breaks, regular and overtime, cost) from their entries and published
 * shifts, by the contracts' timesheet rules, with the period's approvals
 * and their approved leave (its own minutes, paid and unpaid apart: never
 * worked time, so overtime ignores it; timesheet-leave.ts).
 * A few set-based queries whatever the size of the team; `only` narrows it
 * to some of the scope's people. `page` keeps only that slice of the listed
 * people's sheets (and their entries) in the answer; the totals still count
 * everyone, as every sheet is needed for them anyway. Once `signal` aborts
 * (the client has gone), it stops before counting the sheets. The counted
 * sheets of a scope's period are kept while none of their rows change
 * (timesheet-cache.ts), so a reload or the next page counts nothing.
 */
async function countedAnswer(
  tx: Tx,
  organizationId: string,
  scopeId: string,
  date: string | undefined,
  canManage: boolean,
  now = new Date(),
  only?: readonly string[],
  { page, signal }: { page?: { offset: number; limit: number }; signal?: AbortSignal } = {},
) {
  const settings = await clockSettings(tx, organizationId);
  const scope = await clockScope(tx, organizationId, scopeId);
  const today = todayIn(settings.time_zone, now);
  const period = payPeriodOf(date ?? today, settings);
  const window = sheetWindow(period, settings.week_start);
  const from = new Date(Date.parse(dayStartOf(window.from, settings.time_zone)) - MARGIN_MS);
  const to = new Date(Date.parse(dayStartOf(addDays(window.to, 1), settings.time_zone)) + MARGIN_MS);
  const currency = await tx
    .selectFrom("organization_settings")
    .select("currency")
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();

  const base = {
    boards: scope.boards,
    all: scope.all,
    period,
    today,
    time_zone: settings.time_zone,
    week_start: settings.week_start,
    currency: currency?.currency ?? "USD",
    settings: settingsOnly(settings),
    can_manage: canManage,
  };
  const rows = { organizationId, from, to, firstDay: period.start, lastDay: period.end };
  // Everything read so far is part of the key as read; the fingerprint covers every row read from here on.
  const key = JSON.stringify([organizationId, scope, period, settings, base.currency]);
  const fingerprint = only ? null : await periodFingerprint(tx, rows);
  let counted = fingerprint === null ? undefined : keptPeriod<CountedPeriod>(key, fingerprint);
  if (!counted) {
    counted = await countPeriod(tx, settings, scope, period, rows, now, only, signal);
    if (fingerprint !== null && !counted.open) keepPeriod(key, fingerprint, counted);
  }
  return { base, counted, page };
}

/** The timesheets (see countedAnswer) as the API answers them, people named by their accounts. */
export async function loadTimesheets(...args: Parameters<typeof countedAnswer>): Promise<TimesheetResponse> {
  const { base, counted, page } = await countedAnswer(...args);
  const { listed, entryRows, totals } = counted;
  const shownPeople = page ? listed.slice(page.offset, page.offset + page.limit) : listed;
  const entriesOf = (these: TimesheetPerson[]) => {
    const inPeriod = new Set(these.flatMap((person) => person.sheet.entries.map((row) => row.id)));
    return entryRows.filter((row) => inPeriod.has(row.id)).map(toEntry);
  };
  // The whole period's entries are made once for as long as the period is kept.
  if (!page && !counted.entries) counted.entries = entriesOf(listed);
  const entries = page ? entriesOf(shownPeople) : (counted.entries ?? []);
  const answer: TimesheetResponse = { ...base, jobs: counted.jobs, people: shownPeople, entries, totals };
  if (page) {
    answer.page = {
      ...page,
      people: listed.length,
      approved: listed.filter((person) => person.approval !== null).length,
      entries: listed.reduce((sum, person) => sum + person.sheet.entries.length, 0),
    };
  }
  return answer;
}

/**
 * A scope's whole period as the JSON text of its answer, people named by
 * their person id (the request names nobody, so every account maps the same
 * way). The 34 MB of a 2,000-person period's people and entries are written
 * once for as long as the period is kept, not walked for person ids and
 * written again on every request.
 */
export async function timesheetsText(
  tx: Tx,
  organizationId: string,
  scopeId: string,
  date: string | undefined,
  canManage: boolean,
  signal?: AbortSignal,
): Promise<string> {
  const { base, counted } = await countedAnswer(tx, organizationId, scopeId, date, canManage, new Date(), undefined, {
    signal,
  });
  if (!counted.text) {
    const ids = new Map<string, string>();
    const personId = (account: string) => {
      let id = ids.get(account);
      if (id === undefined) {
        id = personIdOf(organizationId, account);
        ids.set(account, id);
      }
      return id;
    };
    const inPeriod = new Set(counted.listed.flatMap((person) => person.sheet.entries.map((row) => row.id)));
    const entries = counted.entryRows.filter((row) => inPeriod.has(row.id)).map(toEntry);
    const named = mapPersonIds(timesheetResponseSchema, { people: counted.listed, entries }, personId) as Pick<
      TimesheetResponse,
      "people" | "entries"
    >;
    counted.text = `"people":${JSON.stringify(named.people)},"entries":${JSON.stringify(named.entries)}`;
  }
  const rest = JSON.stringify({ ...base, jobs: counted.jobs, totals: counted.totals });
  return `${rest.slice(0, -1)},${counted.text}}`;
}

/** The period's entries (with their board's and job's zones), in clock-in order; of `userIds` only unless null. */
function readEntries(tx: Tx, rows: PeriodRows, userIds: readonly string[] | null) {
  let query = entriesJoinedToZones(tx, rows.organizationId)
    .select([...entryColumns(), "b.time_zone as board_zone", "j.time_zone as job_zone"])
    .where("e.deleted_at", "is", null)
    .where("e.clock_in_at", ">=", rows.from)
    .where("e.clock_in_at", "<", rows.to);
  if (userIds !== null) query = query.where(sql<boolean>`e.user_id = any(${userIds}::uuid[])`);
  return query.orderBy("e.clock_in_at").execute();
}

/** A period's sheets as counted: who is listed, their entries as read, the totals of everyone. */
interface CountedPeriod {
  jobs: TimesheetResponse["jobs"];
  listed: TimesheetPerson[];
  entryRows: Awaited<ReturnType<typeof readEntries>>;
  totals: TimesheetResponse["totals"];
  /** The API entries of everyone listed, once the whole period has been asked for. */
  entries?: TimesheetResponse["entries"];
  /** The JSON of everyone's sheets and entries, people named by their person id, once asked for whole. */
  text?: string;
  /** An entry or break is still open: the sheets depend on `now`. */
  open: boolean;
  /** Its size for the cache's budget: entries (as read and as counted) and days. */
  weight: number;
}

async function countPeriod(
  tx: Tx,
  settings: ClockSettings,
  scope: ClockScope,
  period: TimesheetResponse["period"],
  rows: PeriodRows,
  now: Date,
  only: readonly string[] | undefined,
  signal: AbortSignal | undefined,
): Promise<CountedPeriod> {
  const covered = await coveredPeople(tx, rows.organizationId, scope, {
    from: rows.from,
    to: rows.to,
    firstDay: period.start,
    lastDay: period.end,
  });
  const members = new Set(covered.filter((person) => person.member).map((person) => person.user_id));
  const onlyThese = only ? new Set(only) : null;
  const userIds = covered.map((person) => person.user_id).filter((id) => !onlyThese || onlyThese.has(id));
  const jobs = await tx
    .selectFrom("jobs")
    .select(["id", "name", "color", "hourly_rate", "time_zone", "is_archived"])
    .where("organization_id", "=", rows.organizationId)
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
  const jobList = jobs.map((job) => ({ ...job, hourly_rate: money(job.hourly_rate) }));
  if (userIds.length === 0) {
    return {
      jobs: jobList,
      listed: [],
      entryRows: [],
      totals: { ...sumTimesheets([]), ...sumLeave([]) },
      open: false,
      weight: 1,
    };
  }

  const people = await tx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select([
      "m.user_id",
      shown.firstName.as("first_name"),
      shown.lastName.as("last_name"),
      "m.status",
      "m.hourly_rate",
      "m.employee_id",
    ])
    .where("m.organization_id", "=", rows.organizationId)
    .where(sql<boolean>`m.user_id = any(${userIds}::uuid[])`)
    .orderBy(sql`lower(${shown.firstName})`)
    .orderBy(sql`lower(${shown.lastName})`)
    .orderBy("m.user_id")
    .execute();
  // Everyone with an entry in the window is covered by "all" (coveredPeople): the organization's time
  // index finds them without checking each entry against a list of every person.
  const entryRows = await readEntries(tx, rows, !scope.all || onlyThese ? userIds : null);
  const shiftRows = await tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .select([
      "s.id",
      "s.published_user_id as user_id",
      "s.published_job_id as job_id",
      isoText("s.published_starts_at").as("starts_at"),
      isoText("s.published_ends_at").as("ends_at"),
      "s.published_break_minutes as break_minutes",
      "b.time_zone as board_zone",
    ])
    .where("s.organization_id", "=", rows.organizationId)
    .where(sql<boolean>`s.published_user_id = any(${userIds}::uuid[])`)
    .where("s.published_starts_at", ">=", rows.from)
    .where("s.published_starts_at", "<", rows.to)
    .execute();
  const approvals = await tx
    .selectFrom("timesheet_approvals as a")
    .leftJoin("memberships as m", (join) =>
      join.onRef("m.organization_id", "=", "a.organization_id").onRef("m.user_id", "=", "a.approved_by"),
    )
    .leftJoin("users as u", "u.id", "a.approved_by")
    .select([
      "a.user_id",
      sql<string>`a.period_start::text`.as("period_start"),
      sql<string>`a.period_end::text`.as("period_end"),
      "a.approved_at",
      "a.approved_by",
      shown.firstName.as("first_name"),
      shown.lastName.as("last_name"),
    ])
    .where("a.organization_id", "=", rows.organizationId)
    .where(sql<boolean>`a.user_id = any(${userIds}::uuid[])`)
    .where("a.period_start", "<=", period.end)
    .where("a.period_end", ">=", period.start)
    .execute();

  signal?.throwIfAborted();
  // The sheets read the rows as they are; only the entries the answer lists are made API entries (toEntry), below.
  const byPerson = new Map<string, SheetEntry[]>();
  let open = false;
  for (const row of entryRows) {
    const list = byPerson.get(row.user_id) ?? [];
    const breaks = storedBreaks(row.breaks);
    if (row.clock_out_at === null || breaks.some((item) => item.ends_at === null)) open = true;
    list.push({
      id: row.id,
      user_id: row.user_id,
      job_id: row.job_id,
      shift_id: row.shift_id,
      clock_in_at: row.clock_in_at,
      clock_out_at: row.clock_out_at,
      breaks,
      reviewed: row.reviewed_at !== null,
      time_zone: entryZoneOf(row, settings.time_zone),
    });
    byPerson.set(row.user_id, list);
  }
  const shiftsByPerson = new Map<string, SheetShift[]>();
  for (const row of shiftRows) {
    if (row.user_id === null || row.starts_at === null || row.ends_at === null) continue;
    const list = shiftsByPerson.get(row.user_id) ?? [];
    list.push({
      id: row.id,
      user_id: row.user_id,
      job_id: row.job_id,
      starts_at: iso(row.starts_at),
      ends_at: iso(row.ends_at),
      break_minutes: Number(row.break_minutes ?? 0),
      time_zone: zoneOfWork({ board: row.board_zone, job: null, organization: settings.time_zone }),
    });
    shiftsByPerson.set(row.user_id, list);
  }
  const jobById = new Map(jobs.map((job) => [job.id, job]));
  const personRate = new Map(people.map((person) => [person.user_id, money(person.hourly_rate)]));
  const context = {
    period,
    rules: { ...settings, rounding_minutes: settings.rounding_minutes as 0 | 5 | 10 | 15 },
    now: now.toISOString(),
    rateOf: (userId: string, jobId: string | null) =>
      personRate.get(userId) ?? (jobId === null ? null : money(jobById.get(jobId)?.hourly_rate ?? null)),
  };
  const leaveOf = new Map<string, LeaveDay[]>();
  for (const day of await approvedLeaveDays(tx, rows.organizationId, userIds, period.start, period.end)) {
    const list = leaveOf.get(day.user_id) ?? [];
    list.push(day);
    leaveOf.set(day.user_id, list);
  }
  const approvalOf = new Map(approvals.map((row) => [row.user_id, row]));
  const sheets: TimesheetPerson[] = people.map((person) => {
    const approval = approvalOf.get(person.user_id);
    const leave = leaveOf.get(person.user_id) ?? [];
    return {
      user_id: person.user_id,
      first_name: person.first_name,
      last_name: person.last_name,
      status: person.status,
      hourly_rate: money(person.hourly_rate),
      employee_id: person.employee_id,
      approval: approval
        ? {
            period_start: approval.period_start,
            period_end: approval.period_end,
            approved_at: iso(approval.approved_at),
            approved_by:
              approval.approved_by === null
                ? null
                : {
                    user_id: approval.approved_by,
                    first_name: approval.first_name ?? "",
                    last_name: approval.last_name ?? "",
                  },
          }
        : null,
      leave: leave.map((day) => ({
        request_id: day.request_id,
        date: day.date,
        minutes: day.minutes,
        part: day.part,
        leave_type: day.leave_type,
      })),
      sheet: withLeave(
        personTimesheet(
          person.user_id,
          byPerson.get(person.user_id) ?? [],
          shiftsByPerson.get(person.user_id) ?? [],
          context,
        ),
        leave.map((day) => ({ date: day.date, minutes: day.minutes, paid: day.leave_type.paid })),
      ),
    };
  });
  // Read with a day's margin each way: someone who is not a member and has nothing in the period itself is not listed.
  const listed = sheets.filter(
    (person) =>
      members.has(person.user_id) ||
      person.sheet.entries.length > 0 ||
      person.sheet.totals.scheduled_minutes > 0 ||
      (person.leave?.length ?? 0) > 0 ||
      person.approval !== null,
  );
  const totals = {
    ...sumTimesheets(listed.map((person) => person.sheet)),
    ...sumLeave(listed.map((person) => person.sheet)),
  };
  const days = listed.reduce((sum, person) => sum + person.sheet.days.length, 0);
  return { jobs: jobList, listed, entryRows, totals, open, weight: 2 * entryRows.length + days + listed.length };
}

export function settingsOnly({ time_zone: _zone, week_start: _weekStart, ...rest }: ClockSettings) {
  return rest;
}
