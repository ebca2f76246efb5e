import { SegmentedControl, VisuallyHidden } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { DayColumn } from "../board-context.ts";
import { useBoardView } from "../board-context.ts";
import classes from "./WeekAgenda.module.css";

/**
 * The week's seven days as one row of choices (radio buttons: arrow keys
 * move between them): a short weekday and the day of the month, today
 * marked; each is named by its full date.
 */
export function AgendaDayPicker({
  days,
  value,
  onChange,
}: {
  days: readonly DayColumn[];
  value: string;
  onChange(date: string): void;
}) {
  const { t } = useTranslation("scheduleViews");
  const view = useBoardView();
  const labels = useMemo(() => {
    // "narrow" where the short weekday is a whole word (Arabic): seven must fit a phone's width.
    const short = new Intl.DateTimeFormat(view.language, { weekday: "short", timeZone: "UTC" });
    const narrow = new Intl.DateTimeFormat(view.language, { weekday: "narrow", timeZone: "UTC" });
    const number = new Intl.DateTimeFormat(view.language, { day: "numeric", timeZone: "UTC" });
    return days.map((day) => {
      const at = new Date(`${day.date}T12:00:00Z`);
      const weekday = short.format(at);
      return { weekday: weekday.length > 4 ? narrow.format(at) : weekday, number: number.format(at) };
    });
  }, [days, view.language]);
  return (
    <SegmentedControl
      fullWidth
      className={classes.days}
      classNames={{ label: classes.dayLabel, control: classes.dayControl }}
      aria-label={t("agenda.days")}
      data-testid="agenda-days"
      value={value}
      onChange={onChange}
      data={days.map((day, index) => ({
        value: day.date,
        label: (
          <span
            className={classes.dayChoice}
            data-testid="agenda-day"
            data-date={day.date}
            data-today={day.today || undefined}
          >
            <span aria-hidden="true" className={classes.dayWeekday}>
              {labels[index]?.weekday}
            </span>
            <span aria-hidden="true" className={classes.dayNumber}>
              {labels[index]?.number}
            </span>
            <VisuallyHidden>{day.today ? t("agenda.today", { date: day.full }) : day.full}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  );
}
