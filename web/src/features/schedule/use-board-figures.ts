import { dayOf, type ShiftWarning, todayIn, type WeekResponse, weekOf } from "@workshift/contracts";
import { useMemo, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { BoardFilter } from "../../lib/board-url.ts";
import { type AvailabilityIndex, type DayAvailabilityCell, indexAvailability } from "./availability-days.ts";
import { type AvailabilityText, availabilityText } from "./availability-text.ts";
import type { BoardText, BoardView, DayColumn } from "./board-context.ts";
import {
  countFormat,
  dateRangeFormat,
  dayHeadingFormat,
  hoursFormat,
  minutesFormat,
  moneyFormat,
  shiftClockFormat,
  shiftTimeFormat,
  timeRangeFormat,
  wallRangeFormat,
} from "./board-format.ts";
import { boardZones } from "./board-zones.ts";
import { jobAbbreviations } from "./job-abbreviation.ts";
import { indexMarks, type MarkPart } from "./shift-marks.ts";
import { indexTimeOff, type LeaveDay, type LeaveIndex, type LeaveText, leaveText } from "./time-off-days.ts";
import { type BoardTotals, boardTotals } from "./week-figures.ts";
import { boardDayFinder, buildRows, indexWeek, shiftsInFilter } from "./week-rows.ts";
import { type WarningsById, weekWarningsOf } from "./week-warnings.ts";

const NO_WARNINGS: WarningsById = new Map();
const NO_TOTALS: BoardTotals = { people: new Map(), days: new Map() };

/**
 * The week's warnings once computed (week-warnings.ts, in idle time); until
 * then the last week's, which a small change mostly leaves as they were.
 */
function useWeekWarnings(week: WeekResponse, availability: AvailabilityIndex, leave: LeaveIndex): WarningsById {
  const source = useMemo(() => weekWarningsOf(week, availability, leave), [week, availability, leave]);
  const current = useSyncExternalStore(source.subscribe, source.get, source.get);
  const last = useRef<WarningsById>(NO_WARNINGS);
  if (current) last.current = current;
  return current ?? last.current;
}

/**
 * Everything the week grid shows, derived once per week, filter and
 * language: the days in the week's zone, the rows, each shift put in its
 * cell on its board's day (zoneOfWork: on "all", each board keeps its own
 * day and clock), warnings and totals (`totals: false` leaves them out for
 * now), and the formatters.
 */
export function useBoardFigures(week: WeekResponse, filter: BoardFilter, { totals: withTotals = true } = {}) {
  const { t, i18n } = useTranslation("schedule");
  const language = i18n.resolvedLanguage;
  const rtl = i18n.dir(language) === "rtl";
  const zone = week.time_zone;
  const zoneOf = boardZones(week);

  const days = useMemo<DayColumn[]>(() => {
    const today = todayIn(zone);
    const heading = dayHeadingFormat(language);
    return weekOf(week.start_date, zone, week.week_start).days.map((day, index) => {
      const text = heading(day.date);
      return {
        date: day.date,
        index,
        weekday: text.weekday,
        label: text.day,
        full: text.full,
        today: day.date === today,
        startsAt: day.startsAt,
        endsAt: day.endsAt,
      };
    });
  }, [week.start_date, week.week_start, zone, language]);

  const collator = useMemo(() => new Intl.Collator(language, { sensitivity: "base", numeric: true }), [language]);
  const { jobIds, search, groupByJob } = filter;
  const shown = useMemo(() => shiftsInFilter(week.shifts, jobIds), [week.shifts, jobIds]);
  const rows = useMemo(
    () => buildRows(week, shown, { jobIds, search, groupByJob }, collator),
    [week, shown, jobIds, search, groupByJob, collator],
  );
  const index = useMemo(
    () => indexWeek(shown, week.nearby_shifts, boardDayFinder(days, zone, zoneOf), groupByJob),
    [shown, week.nearby_shifts, days, zone, zoneOf, groupByJob],
  );
  // Each person's days and each shift's waiting requests, looked up once per week answer (a cell reads a map).
  const availability = useMemo(() => indexAvailability(week.availability), [week.availability]);
  const marks = useMemo(() => indexMarks(week.requests), [week.requests]);
  const leave = useMemo(() => indexTimeOff(week.time_off), [week.time_off]);
  // Warnings follow a moment after the grid (they are not needed to show it, and cost tens of ms for a big week).
  const warnings = useWeekWarnings(week, availability, leave);
  // Without totals (a first screen that draws its rows before them), the rows and headings show none.
  const totals = useMemo(
    () =>
      withTotals
        ? boardTotals(
            week,
            shown,
            days.map((day) => day.date),
          )
        : NO_TOTALS,
    [week, shown, days, withTotals],
  );

  const view = useMemo<BoardView>(() => {
    const hours = hoursFormat(language);
    const day = dayHeadingFormat(language);
    const sentence = (warning: ShiftWarning) => {
      switch (warning.kind) {
        case "short_rest":
          return t("warning.shortRest", { rest: hours(warning.minutes), rule: hours(warning.limit_minutes) });
        case "daily_overtime":
          return t("warning.dailyOvertime", {
            hours: hours(warning.minutes),
            limit: hours(warning.limit_minutes),
            day: warning.date ? day(warning.date).full : "",
          });
        case "weekly_overtime":
          return t("warning.weeklyOvertime", { hours: hours(warning.minutes), limit: hours(warning.limit_minutes) });
        case "not_on_job":
          return t("warning.notOnJob");
        case "unavailable":
          return warning.note ? t("warning.unavailableNote", { note: warning.note }) : t("warning.unavailable");
        case "on_leave":
          return warning.note ? t("warning.onLeaveType", { type: warning.note }) : t("warning.onLeave");
      }
    };
    // The same warning (kind, hours, limit, day, note) is said once: a big week repeats them a lot.
    const said = new Map<string, string>();
    const warningText = (warning: ShiftWarning) => {
      const key = `${warning.kind}|${warning.minutes}|${warning.limit_minutes}|${warning.date ?? ""}|${warning.note ?? ""}`;
      let text = said.get(key);
      if (text === undefined) {
        text = sentence(warning);
        said.set(key, text);
      }
      return text;
    };
    const minutes = minutesFormat(language);
    const remembered = (make: (value: string) => string) => {
      const seen = new Map<string, string>();
      return (value: string) => {
        let out = seen.get(value);
        if (out === undefined) {
          out = make(value);
          seen.set(value, out);
        }
        return out;
      };
    };
    const breakText = remembered((value) => t("card.break", { duration: minutes(Number(value)) }));
    const markSaid = remembered((key) => {
      const [kind, value] = key.split("|");
      if (kind === "claim") return t("requests.claims", { count: Number(value) });
      if (kind === "cover") return value === "pending" ? t("requests.coverPending") : t("requests.coverOffered");
      return value === "pending" ? t("requests.swapPending") : t("requests.swapOffered");
    });
    const markText = (part: MarkPart) =>
      markSaid(part.kind === "claim" ? `claim|${part.count}` : `${part.kind}|${part.status}`);
    const list = new Intl.ListFormat(language, { style: "long", type: "unit" });
    const words = {
      range: wallRangeFormat(language),
      unavailable: t("availability.unavailable"),
      prefer: t("availability.prefer"),
      unavailableDay: t("availability.unavailableDay"),
      unavailableTimes: (times: string) => t("availability.unavailableTimes", { times }),
      preferDay: t("availability.preferDay"),
      preferTimes: (times: string) => t("availability.preferTimes", { times }),
      withNote: (text: string, note: string) => t("availability.withNote", { text, note }),
      list: (items: string[]) => list.format(items),
    };
    const daysSaid = new WeakMap<DayAvailabilityCell, AvailabilityText>();
    const dayText = (cell: DayAvailabilityCell) => {
      let out = daysSaid.get(cell);
      if (!out) {
        out = availabilityText(cell, words);
        daysSaid.set(cell, out);
      }
      return out;
    };
    // A day of leave in words, on a zone's clock: the week's for the grid, a board's for its timeline.
    const leaveSaid = new Map<string, WeakMap<readonly LeaveDay[], LeaveText>>();
    const leaveWordsIn = (own: string) => {
      const range = timeRangeFormat(language, own);
      return {
        range,
        whole: (type: string) => t("leave.whole", { type }),
        part: (type: string, times: string) => t("leave.part", { type, times }),
        wholeSentence: (type: string) => t("leave.wholeSentence", { type }),
        partSentence: (type: string, times: string) => t("leave.partSentence", { type, times }),
        list: (items: string[]) => list.format(items),
      };
    };
    const leaveTextIn = (days: readonly LeaveDay[], own: string) => {
      let said = leaveSaid.get(own);
      if (!said) {
        said = new WeakMap();
        leaveSaid.set(own, said);
      }
      let out = said.get(days);
      if (!out) {
        out = leaveText(days, leaveWordsIn(own));
        said.set(days, out);
      }
      return out;
    };
    const dayEnds = new Map(days.map((day) => [`${day.date}|${zone}`, day.endsAt]));
    const dayEndsAt = (date: string, boardId: string) => {
      const own = zoneOf(boardId);
      const key = `${date}|${own}`;
      let end = dayEnds.get(key);
      if (end === undefined) {
        end = dayOf(date, own).endsAt;
        dayEnds.set(key, end);
      }
      return end;
    };
    const text: BoardText = {
      roleDescription: t("card.roleDescription"),
      nextDayMark: t("card.nextDayMark"),
      endsNextDay: t("card.endsNextDay"),
      noJob: t("card.noJob"),
      selected: t("card.selected"),
      otherBoard: t("card.otherBoard"),
      unnamed: t("grid.unnamed"),
      openShifts: t("grid.openShifts"),
      overLimit: t("grid.overLimit"),
      status: {
        draft: t("status.draft"),
        published: t("status.published"),
        changed: t("status.changed"),
        deleted: t("status.deleted"),
      },
      personStatus: {
        active: t("grid.personStatus.active"),
        invited: t("grid.personStatus.invited"),
        archived: t("grid.personStatus.archived"),
      },
      breakOf: (value) => breakText(String(value)),
      jobsOf: remembered((jobs) => t("grid.jobs", { jobs })),
    };
    return {
      text,
      zone,
      zoneOf,
      dayEndsAt,
      language,
      rtl,
      days,
      canManage: week.can_manage,
      manyBoards: week.boards.length > 1,
      jobsById: new Map(week.jobs.map((job) => [job.id, job])),
      jobShort: jobAbbreviations(week.jobs),
      boardNames: new Map(week.boards.map((board) => [board.id, board.name])),
      warnings,
      shiftTime: shiftTimeFormat(language, zone, zoneOf),
      shiftClock: shiftClockFormat(language, zone, zoneOf),
      hours,
      minutes,
      money: moneyFormat(language, week.currency),
      count: countFormat(language),
      warningText,
      marks,
      markText,
      availability,
      availabilityText: dayText,
      leave,
      leaveText: (days: readonly LeaveDay[]) => leaveTextIn(days, zone),
      leaveTextIn,
    };
  }, [
    zone,
    zoneOf,
    language,
    rtl,
    days,
    week.can_manage,
    week.boards,
    week.jobs,
    week.currency,
    warnings,
    marks,
    availability,
    leave,
    t,
  ]);

  const rangeLabel = dateRangeFormat(language)(week.start_date, week.end_date);
  return { view, rows, index, personTotals: totals.people, dayTotals: totals.days, rangeLabel };
}
