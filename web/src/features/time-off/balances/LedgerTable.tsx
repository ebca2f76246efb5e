import { Table, Text } from "@mantine/core";
import type { LedgerResponse } from "@workshift/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { isolate } from "../setup/hours.ts";
import { useAmounts } from "../setup/use-amounts.ts";
import classes from "./Balances.module.css";
import { formatDayRange, type LedgerRow, ledgerCause, ledgerRows } from "./ledger-rows.ts";

/** A person's entries for one type, oldest first, each with what it changed and the balance after it. */
export function LedgerTable({ ledger, label }: { ledger: LedgerResponse; label: string }) {
  const { t, i18n } = useTranslation("timeOffSetup");
  const language = i18n.resolvedLanguage;
  const amounts = useAmounts();
  const rows = useMemo(() => ledgerRows(ledger.entries), [ledger.entries]);
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }),
    [language],
  );

  const cause = (row: LedgerRow): string => {
    const said = ledgerCause(row);
    switch (said.key) {
      case "ledger.cause.taken":
        return t(said.key, { range: isolate(formatDayRange(said.from, said.to, language)) });
      case "ledger.cause.period":
        return t(said.key, { range: isolate(formatDayRange(said.from, said.to, language)) });
      case "ledger.cause.adjustment":
        return said.by
          ? t(said.key, { reason: isolate(said.reason), by: isolate(said.by) })
          : t("ledger.cause.adjustmentAnonymous", { reason: isolate(said.reason) });
      default:
        return t(said.key);
    }
  };

  if (rows.length === 0) return <Text c="dimmed">{t("ledger.empty")}</Text>;
  return (
    <>
      {ledger.opening_minutes !== 0 ? (
        <Text size="sm" c="dimmed">
          {t("ledger.opening", { hours: amounts.hoursNumber(ledger.opening_minutes) })}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("ledger.columns.date")}</Table.Th>
              <Table.Th>{t("ledger.columns.kind")}</Table.Th>
              <Table.Th>{t("ledger.columns.cause")}</Table.Th>
              <Table.Th ta="end">{t("ledger.columns.amount")}</Table.Th>
              <Table.Th ta="end">{t("ledger.columns.balance")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td className={classes.numeric}>
                  <time dateTime={row.from}>{dayFormat.format(new Date(`${row.from}T00:00:00Z`))}</time>
                </Table.Td>
                <Table.Td>{t(`ledger.kind.${row.kind}`)}</Table.Td>
                <Table.Td>{cause(row)}</Table.Td>
                <Table.Td
                  ta="end"
                  className={`${classes.numeric} ${row.minutes < 0 ? classes.negative : classes.positive}`}
                >
                  {amounts.signedHours(row.minutes)}
                </Table.Td>
                <Table.Td ta="end" className={classes.numeric}>
                  {amounts.hours(row.balance_minutes)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
