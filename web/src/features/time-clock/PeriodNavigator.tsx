import { ActionIcon, Badge, Button, TextInput, Tooltip } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { SCHEDULE_DATE_MAX, SCHEDULE_DATE_MIN, type TimesheetResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { isBoardDate } from "../../lib/board-url.ts";
import { formatPeriod } from "./clock-format.ts";
import { periodSettingsOf, periodTense, steppedPeriodDate } from "./period.ts";
import classes from "./TimeClock.module.css";

/**
 * Previous period / this period / next period, the period's dates in the
 * reader's language and a date to jump to. Periods step by the organization's
 * pay period rules (the contracts' stepPayPeriod); the arrows mirror in
 * Arabic, as the reading direction does.
 */
export function PeriodNavigator({
  sheet,
  onDate,
}: {
  sheet: TimesheetResponse;
  /** A date of the period to show; null for the one holding today. */
  onDate(date: string | null): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const settings = periodSettingsOf(sheet);
  const tense = periodTense(sheet.period, sheet.today);
  return (
    <div className={classes.navGroup} data-testid="period-navigator">
      <Tooltip label={t("period.previous")} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("period.previous")}
          onClick={() => onDate(steppedPeriodDate(sheet.period, settings, -1))}
        >
          <IconChevronLeft size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
        </ActionIcon>
      </Tooltip>
      <Button variant="default" onClick={() => onDate(null)} disabled={tense === "current"}>
        {t("period.current")}
      </Button>
      <Tooltip label={t("period.next")} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("period.next")}
          onClick={() => onDate(steppedPeriodDate(sheet.period, settings, 1))}
        >
          <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
        </ActionIcon>
      </Tooltip>
      <div className={classes.periodLabel}>
        <span className={classes.periodDates} aria-live="polite" data-testid="period-dates">
          {formatPeriod(sheet.period.start, sheet.period.end, i18n.resolvedLanguage)}
        </span>
        <Badge variant="light" color={tense === "current" ? "brand" : "gray"} className={classes.badge}>
          {t(`period.tense.${tense}`)}
        </Badge>
      </div>
      <TextInput
        type="date"
        aria-label={t("period.goTo")}
        className={classes.dateInput}
        value={sheet.period.start}
        min={SCHEDULE_DATE_MIN}
        max={SCHEDULE_DATE_MAX}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isBoardDate(value)) onDate(value);
        }}
      />
    </div>
  );
}
