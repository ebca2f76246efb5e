import { UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useScrollMargin } from "../../../lib/use-scroll-margin.ts";
import { useAmounts } from "../setup/use-amounts.ts";
import classes from "./Balances.module.css";
import { type BalanceRow, type BalanceSort, fullName, type SortOrder } from "./balance-rows.ts";

const PHONE_QUERY = "(max-width: 47.99em)";
const ROW_ESTIMATE = { wide: 57, phone: 118 };

const columns: { by: BalanceSort; key: `balances.columns.${string}` }[] = [
  { by: "name", key: "balances.columns.name" },
  { by: "policy", key: "balances.columns.policy" },
  { by: "started_on", key: "balances.columns.startedOn" },
  { by: "balance", key: "balances.columns.balance" },
  { by: "pending", key: "balances.columns.pending" },
];

/**
 * Everyone's balance for one type, virtualised against the window (only the
 * rows on screen are in the page). A table to assistive technology; each
 * heading sorts; each name opens the person.
 */
export function BalancesTable({
  rows,
  order,
  onSort,
  onOpen,
  label,
}: {
  rows: BalanceRow[];
  order: SortOrder;
  onSort(by: BalanceSort): void;
  onOpen(row: BalanceRow): void;
  label: string;
}) {
  const { t, i18n } = useTranslation("timeOffSetup");
  const amounts = useAmounts();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [bodyRef, scrollMargin] = useScrollMargin<HTMLTableSectionElement>();
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeZone: "UTC" }),
    [i18n.resolvedLanguage],
  );

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (phone ? ROW_ESTIMATE.phone : ROW_ESTIMATE.wide),
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => rows[index]?.user_id ?? index,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: on layout change only
  useEffect(() => {
    virtualizer.measure();
  }, [phone]);

  const cellLabel = (key: (typeof columns)[number]["key"]) => (
    <span className={classes.cellLabel} aria-hidden="true">
      {t(key as "balances.columns.name")}
    </span>
  );

  return (
    <table className={classes.frame} aria-label={label} aria-rowcount={rows.length + 1}>
      <thead className={classes.block}>
        <tr className={classes.head} aria-rowindex={1}>
          {columns.map((column) => {
            const active = order.by === column.by;
            const name = t(column.key as "balances.columns.name");
            return (
              <th
                key={column.by}
                scope="col"
                aria-sort={active ? (order.descending ? "descending" : "ascending") : "none"}
              >
                <UnstyledButton
                  className={classes.sort}
                  data-active={active || undefined}
                  onClick={() => onSort(column.by)}
                >
                  {name}
                  {active ? (
                    order.descending ? (
                      <IconArrowDown size={14} aria-hidden="true" />
                    ) : (
                      <IconArrowUp size={14} aria-hidden="true" />
                    )
                  ) : null}
                </UnstyledButton>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody ref={bodyRef} className={classes.body} style={{ blockSize: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const name = fullName(row);
          return (
            <tr
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={`${classes.item} ${classes.row}`}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
              aria-rowindex={item.index + 2}
            >
              <td>
                <UnstyledButton className={classes.person} onClick={() => onOpen(row)} aria-haspopup="dialog">
                  {name}
                </UnstyledButton>
              </td>
              <td className={row.policy_name ? undefined : classes.dimmed}>
                {cellLabel("balances.columns.policy")}
                {row.policy_name ?? t("balances.noPolicy")}
              </td>
              <td className={row.started_on ? classes.numeric : classes.dimmed}>
                {cellLabel("balances.columns.startedOn")}
                {row.started_on ? dayFormat.format(new Date(`${row.started_on}T00:00:00Z`)) : t("balances.noStart")}
              </td>
              <td className={classes.numeric}>
                {cellLabel("balances.columns.balance")}
                <span className={row.balance_minutes < 0 ? classes.negative : undefined}>
                  {amounts.hours(row.balance_minutes)}
                </span>
                <span className={classes.dimmed}> · {amounts.days(row.balance_minutes, row.day_minutes)}</span>
              </td>
              <td className={row.pending_minutes ? classes.numeric : `${classes.numeric} ${classes.dimmed}`}>
                {cellLabel("balances.columns.pending")}
                {amounts.hours(row.pending_minutes)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
