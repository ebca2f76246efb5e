import { Text } from "@mantine/core";
import { IconCalendarOff } from "@tabler/icons-react";
import type { WeekResponse } from "@workshift/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { BoardFilter } from "../../../lib/board-url.ts";
import { BoardViewContext } from "../board-context.ts";
import type { ShiftDraft } from "../schedule-types.ts";
import { useBoardFigures } from "../use-board-figures.ts";
import { AgendaDayPicker } from "./AgendaDayPicker.tsx";
import { AgendaList } from "./AgendaList.tsx";
import { agendaDay, shiftsOfDay } from "./agenda-day.ts";
import classes from "./WeekAgenda.module.css";

interface WeekAgendaProps {
  week: WeekResponse;
  /** The page's day; the agenda shows it when it is in this week, else today or the week's first day. */
  date: string;
  filter: BoardFilter;
  /** Another week is loading (this one stays on screen meanwhile): no writes until it is here. */
  busy: boolean;
  onOpen(draft: ShiftDraft): void;
  onPickDay(date: string): void;
}

/**
 * The week on a phone: a picker of its seven days, and the chosen day as a
 * list (agenda-day.ts): open shifts, who works and when, who is off, and
 * everyone else, each shift in words (times, job, status, warnings). A
 * shift opens the shift editor; "Add shift" starts one for that person or
 * as an open shift. The job filter and the search apply as on the grid;
 * grouping by job is the grid's.
 */
export function WeekAgenda({ week, date, filter, busy, onOpen, onPickDay }: WeekAgendaProps) {
  const { t } = useTranslation("scheduleViews");
  const { jobIds, search } = filter;
  const flat = useMemo(() => ({ jobIds, search, groupByJob: false }), [jobIds, search]);
  const figures = useBoardFigures(week, flat);
  const { view, rows, index } = figures;
  const day = view.days.find((d) => d.date === date) ?? view.days.find((d) => d.today) ?? view.days[0];
  const canWrite = week.can_manage && !busy && week.boards.length > 0;
  const chosen = day?.date ?? week.start_date;
  const entries = useMemo(
    () =>
      agendaDay({
        rows,
        index,
        leave: view.leave,
        availability: view.availability,
        date: chosen,
        keepOpen: canWrite,
      }),
    [rows, index, view.leave, view.availability, chosen, canWrite],
  );
  const weekday = useMemo(
    () =>
      new Intl.DateTimeFormat(view.language, { weekday: "long", timeZone: "UTC" }).format(
        new Date(`${chosen}T12:00:00Z`),
      ),
    [chosen, view.language],
  );
  if (!day) return null;

  const totals = figures.dayTotals.get(chosen);
  const summary = [
    t("day.hours", { hours: view.hours(totals?.minutes ?? 0) }),
    t("day.headcount", { count: totals?.headcount ?? 0 }),
    totals?.cost ? t("day.cost", { cost: view.money(totals.cost) }) : null,
    totals?.open ? t("day.openShifts", { count: totals.open }) : null,
  ].filter((part): part is string => part !== null);
  const empty = shiftsOfDay(entries) === 0;

  return (
    <BoardViewContext value={view}>
      <section
        className={classes.agenda}
        data-testid="schedule-agenda"
        data-date={chosen}
        aria-label={t("agenda.label", { date: day.full })}
        aria-busy={busy || undefined}
      >
        <AgendaDayPicker days={view.days} value={chosen} onChange={onPickDay} />
        <h2 className={classes.dayTitle} data-testid="agenda-day-title">
          {day.full}
        </h2>
        {empty ? (
          <div className={classes.empty} data-testid="agenda-empty">
            <IconCalendarOff size={22} stroke={1.6} aria-hidden="true" />
            <div>
              <Text fw={600}>{t("agenda.empty", { day: weekday })}</Text>
              {canWrite ? (
                <Text size="sm" c="dimmed">
                  {t("agenda.emptyManage")}
                </Text>
              ) : null}
            </div>
          </div>
        ) : (
          <ul className={classes.summary} aria-label={t("day.totals")} data-testid="agenda-totals">
            {summary.map((part) => (
              <li key={part}>{part}</li>
            ))}
          </ul>
        )}
        <AgendaList
          entries={entries}
          week={week}
          date={chosen}
          dayText={day.full}
          canWrite={canWrite}
          onOpen={onOpen}
        />
      </section>
    </BoardViewContext>
  );
}
