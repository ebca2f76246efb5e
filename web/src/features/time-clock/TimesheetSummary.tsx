import { Text } from "@mantine/core";
import type { TimesheetResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { formatCount, formatHours, formatMoney } from "./clock-format.ts";
import classes from "./TimeClock.module.css";

/** The period's totals over everyone shown: hours scheduled, worked, regular and overtime, paid leave, cost, and approvals. */
export function TimesheetSummary({ sheet }: { sheet: TimesheetResponse }) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const hours = (minutes: number) => t("units.hours", { hours: formatHours(minutes, language) });
  const totals = sheet.totals;
  // A first page holds some people only: its counts of everyone come with it.
  const approvedCount = sheet.page?.approved ?? sheet.people.filter((person) => person.approval !== null).length;
  const peopleCount = sheet.page?.people ?? sheet.people.length;
  return (
    <>
      <dl className={classes.summary} aria-label={t("sheets.totalsLabel")} data-testid="sheet-totals">
        <SummaryItem label={t("columns.scheduled")} value={hours(totals.scheduled_minutes)} />
        <SummaryItem label={t("columns.worked")} value={hours(totals.worked_minutes)} strong />
        <SummaryItem label={t("columns.regular")} value={hours(totals.regular_minutes)} />
        <SummaryItem label={t("columns.overtime")} value={hours(totals.overtime_minutes)} />
        <SummaryItem label={t("columns.leave")} value={hours(totals.leave_minutes ?? 0)} />
        {(totals.unpaid_leave_minutes ?? 0) > 0 ? (
          <SummaryItem label={t("columns.unpaidLeave")} value={hours(totals.unpaid_leave_minutes ?? 0)} />
        ) : null}
        <SummaryItem
          label={t("columns.cost")}
          value={totals.cost === null ? t("noCost") : formatMoney(totals.cost, sheet.currency, language)}
          strong
        />
        <SummaryItem
          label={t("sheets.approved")}
          value={t("sheets.approvedOf", {
            approved: formatCount(approvedCount, language),
            total: formatCount(peopleCount, language),
          })}
        />
      </dl>
      {(totals.leave_minutes ?? 0) + (totals.unpaid_leave_minutes ?? 0) > 0 ? (
        <Text size="sm" c="dimmed">
          {t("sheets.leaveNote")}
        </Text>
      ) : null}
      {totals.uncosted_minutes > 0 ? (
        <Text size="sm" c="dimmed">
          {t("sheets.uncosted", { hours: formatHours(totals.uncosted_minutes, language) })}
        </Text>
      ) : null}
    </>
  );
}

function SummaryItem({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={classes.summaryItem} data-strong={strong || undefined}>
      <dt className={classes.summaryLabel}>{label}</dt>
      <dd className={classes.summaryValue}>{value}</dd>
    </div>
  );
}
