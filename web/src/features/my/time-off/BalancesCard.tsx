import { Anchor, Badge, Button, Skeleton, Stack, Text } from "@mantine/core";
import type { LeaveBalance, MyTimeOffResponse } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";
import { MyCard } from "../MyCard.tsx";
import classes from "./TimeOff.module.css";
import { daysAmount, hoursAmount } from "./time-off-format.ts";
import { isolate } from "./time-off-isolate.ts";

/**
 * My balances: one tile per type of leave, its colour beside its name, the
 * hours available (and the days they make of my usual day), what waits for a
 * manager, and a way to its history. The ask lives beside it (`action`).
 */
export function BalancesCard({
  state,
  action,
  onHistory,
  onRetry,
}: {
  state: { status: "pending" } | { status: "error"; error: unknown } | { status: "success"; data: MyTimeOffResponse };
  action: ReactNode;
  onHistory(leaveTypeId: string): void;
  onRetry(): void;
}) {
  const { t } = useTranslation("my");
  const problemText = useProblemText();
  let content: ReactNode;
  if (state.status === "pending") {
    content = (
      <div className={classes.balances} aria-busy="true" role="status" aria-label={t("timeOff.balances.loading")}>
        <Skeleton height={112} radius="md" />
        <Skeleton height={112} radius="md" />
      </div>
    );
  } else if (state.status === "error") {
    content = (
      <ErrorAlert>
        {problemText(state.error, {
          texts: { internal: t("timeOff.balances.loadFailed") },
          logAs: "My time off could not be read",
        })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={onRetry}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (state.data.balances.length === 0) {
    content = (
      <Text c="dimmed" data-testid="my-balances-empty">
        {t("timeOff.balances.empty")}
      </Text>
    );
  } else {
    content = (
      <ul className={classes.balances}>
        {state.data.balances.map((balance) => (
          <BalanceTile key={balance.leave_type.id} balance={balance} onHistory={onHistory} />
        ))}
      </ul>
    );
  }
  return (
    <MyCard title={t("timeOff.balances.title")} data-testid="my-balances">
      <Stack gap="md">
        {action}
        {content}
      </Stack>
    </MyCard>
  );
}

function BalanceTile({ balance, onHistory }: { balance: LeaveBalance; onHistory(leaveTypeId: string): void }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const type = balance.leave_type;
  const days = daysAmount(balance.balance_minutes, balance.day_minutes, language);
  return (
    <li
      className={classes.balance}
      style={{ borderInlineStartColor: type.color }}
      data-testid="my-balance"
      data-leave-type-id={type.id}
    >
      <div className={classes.balanceHead}>
        <h3 className={classes.balanceName}>
          <span className={classes.swatch} style={{ backgroundColor: type.color }} aria-hidden="true" />
          {type.name}
        </h3>
        {type.paid ? null : (
          <Badge variant="light" color="gray" radius="sm" className={classes.badge}>
            {t("timeOff.balances.unpaid")}
          </Badge>
        )}
      </div>
      <Text size="xs" c="dimmed" fw={600}>
        {t("timeOff.balances.available")}
      </Text>
      <p className={classes.amount} data-negative={balance.balance_minutes < 0 || undefined}>
        <bdi className={classes.hours}>{hoursAmount(balance.balance_minutes, language)}</bdi>
        {days ? <bdi className={classes.days}>{days}</bdi> : null}
      </p>
      {balance.pending_minutes > 0 ? (
        <Text size="sm" c="yellow.9">
          {t("timeOff.balances.pending", { hours: isolate(hoursAmount(balance.pending_minutes, language)) })}
        </Text>
      ) : null}
      {balance.negative_allowance_minutes > 0 ? (
        <Text size="xs" c="dimmed">
          {t("timeOff.balances.allowance", {
            hours: isolate(hoursAmount(balance.negative_allowance_minutes, language)),
          })}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="compact-sm"
        className={classes.historyButton}
        aria-label={t("timeOff.balances.historyLabel", { type: type.name })}
        onClick={() => onHistory(type.id)}
      >
        {t("timeOff.balances.history")}
      </Button>
    </li>
  );
}
