import { Table } from "@mantine/core";
import type { TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { formatHours, formatMoney } from "./clock-format.ts";
import classes from "./TimeClock.module.css";

/** Pay by job (the payroll export's rows), when the person worked on more than one. */
export function SheetByJob({ person, sheet }: { person: TimesheetPerson; sheet: TimesheetResponse }) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const jobsById = new Map(sheet.jobs.map((job) => [job.id, job]));
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={4} className={classes.byJob} aria-label={t("byJob.label")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("entries.job")}</Table.Th>
            <Table.Th className={classes.numericHead}>{t("columns.regular")}</Table.Th>
            <Table.Th className={classes.numericHead}>{t("columns.overtime")}</Table.Th>
            <Table.Th className={classes.numericHead}>{t("byJob.rate")}</Table.Th>
            <Table.Th className={classes.numericHead}>{t("byJob.pay")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {person.sheet.by_job.map((row) => (
            <Table.Tr key={row.job_id ?? "none"}>
              <Table.Td>{(row.job_id ? jobsById.get(row.job_id)?.name : null) ?? t("entries.noJob")}</Table.Td>
              <Table.Td className={classes.numeric}>{formatHours(row.regular_minutes, language)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatHours(row.overtime_minutes, language)}</Table.Td>
              <Table.Td className={classes.numeric}>
                {row.rate === null ? t("noCost") : formatMoney(row.rate, sheet.currency, language)}
              </Table.Td>
              <Table.Td className={classes.numeric}>
                {row.pay === null ? t("noCost") : formatMoney(row.pay, sheet.currency, language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
