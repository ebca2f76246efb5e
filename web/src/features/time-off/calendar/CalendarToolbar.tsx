import { ActionIcon, Button, SegmentedControl, Tooltip } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./Calendar.module.css";
import type { CalendarView } from "./calendar-layout.ts";

interface CalendarToolbarProps {
  view: CalendarView;
  /** "November 2026", "Nov 23 – 29, 2026". */
  title: string;
  titleId: string;
  onStep(direction: -1 | 1): void;
  onToday(): void;
  onView(view: CalendarView): void;
}

/** Previous / today / next, the days shown as the calendar's heading, and month or week. */
export function CalendarToolbar({ view, title, titleId, onStep, onToday, onView }: CalendarToolbarProps) {
  const { t } = useTranslation("timeOff");
  const previous = view === "month" ? t("calendar.previousMonth") : t("calendar.previousWeek");
  const next = view === "month" ? t("calendar.nextMonth") : t("calendar.nextWeek");
  return (
    <div className={classes.toolbar}>
      <div className={classes.nav}>
        <Tooltip label={previous} withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={previous}
            onClick={() => onStep(-1)}
            data-testid="time-off-previous"
          >
            <IconChevronLeft size={18} stroke={1.75} className={classes.flip} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" onClick={onToday} data-testid="time-off-today">
          {t("calendar.today")}
        </Button>
        <Tooltip label={next} withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={next}
            onClick={() => onStep(1)}
            data-testid="time-off-next"
          >
            <IconChevronRight size={18} stroke={1.75} className={classes.flip} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <h2 id={titleId} className={classes.rangeTitle} tabIndex={-1} aria-live="polite">
          {title}
        </h2>
      </div>
      <SegmentedControl
        value={view}
        onChange={(value) => onView(value === "week" ? "week" : "month")}
        aria-label={t("calendar.viewLabel")}
        data={[
          { value: "month", label: t("calendar.month") },
          { value: "week", label: t("calendar.week") },
        ]}
      />
    </div>
  );
}
