import { VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { SheetDay, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { formatDay, formatHours, formatMoney } from "./clock-format.ts";
import { type Measure, sheetMeasures } from "./sheet-measures.ts";
import classes from "./TimeClock.module.css";

const minutesOf = (measure: Exclude<Measure, "cost">, item: Omit<SheetDay, "date" | "entry_ids" | "flagged">) =>
  ({
    scheduled: item.scheduled_minutes,
    worked: item.worked_minutes,
    break: item.break_minutes,
    regular: item.regular_minutes,
    overtime: item.overtime_minutes,
    leave: item.leave_minutes ?? 0,
    unpaidLeave: item.unpaid_leave_minutes ?? 0,
  })[measure];

/** The period's days across, the measures down (a paper timesheet's layout); scrolls sideways when narrow. */
export function SheetDaysTable({
  person,
  sheet,
  name,
}: {
  person: TimesheetPerson;
  sheet: TimesheetResponse;
  name: string;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const totals = person.sheet.totals;
  const days = person.sheet.days;
  const cell = (measure: Measure, item: SheetDay) => {
    if (measure === "cost") {
      if (item.cost === null) return item.worked_minutes > 0 ? t("noCost") : "–";
      return item.cost === 0 ? "–" : formatMoney(item.cost, sheet.currency, language);
    }
    const minutes = minutesOf(measure, item);
    return minutes === 0 ? "–" : formatHours(minutes, language);
  };
  const total = (measure: Measure) =>
    measure === "cost"
      ? totals.cost === null
        ? t("noCost")
        : formatMoney(totals.cost, sheet.currency, language)
      : formatHours(minutesOf(measure, totals), language);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region takes focus so a keyboard can scroll it
    <section className={classes.daysScroll} tabIndex={0} aria-label={t("sheet.daysLabel", { name })}>
      <table className={classes.days}>
        <VisuallyHidden component="caption">{t("sheet.daysLabel", { name })}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col" className={classes.measureHead}>
              <VisuallyHidden component="span">{t("sheet.measure")}</VisuallyHidden>
            </th>
            {days.map((day) => (
              <th
                key={day.date}
                scope="col"
                data-today={day.date === sheet.today || undefined}
                data-flagged={day.flagged || undefined}
              >
                {formatDay(day.date, language)}
                {day.flagged ? (
                  <IconAlertTriangle
                    size={12}
                    stroke={2}
                    className={classes.dayFlag}
                    aria-label={t("sheet.dayFlagged")}
                  />
                ) : null}
              </th>
            ))}
            <th scope="col" className={classes.totalCell}>
              {t("sheet.total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {sheetMeasures(totals).map((measure) => (
            <tr key={measure} data-measure={measure}>
              <th scope="row" className={classes.measureHead}>
                {t(`columns.${measure}`)}
              </th>
              {days.map((day) => (
                <td
                  key={day.date}
                  data-today={day.date === sheet.today || undefined}
                  data-flagged={(day.flagged && measure === "worked") || undefined}
                  data-empty={cell(measure, day) === "–" || undefined}
                >
                  {cell(measure, day)}
                </td>
              ))}
              <td className={classes.totalCell}>{total(measure)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
