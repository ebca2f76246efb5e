import { Anchor, NativeSelect, Skeleton, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { LeaveType } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";
import { MyCard } from "../MyCard.tsx";
import { myKeys } from "../my-api.ts";
import classes from "./TimeOff.module.css";
import { fetchMyLedger } from "./time-off-api.ts";
import { dateText, hoursAmount, ledgerWhat, signedHours } from "./time-off-format.ts";
import { isolate } from "./time-off-isolate.ts";

/**
 * My history of one type of leave: each change to the balance (a grant, an
 * accrual, time off taken, a manager's adjustment and why, a carry-over, an
 * expiry), newest first, with the balance after it.
 */
export function LedgerCard({
  organizationId,
  types,
  leaveTypeId,
  onType,
}: {
  organizationId: string;
  types: readonly LeaveType[];
  leaveTypeId: string;
  onType(leaveTypeId: string): void;
}) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const problemText = useProblemText();
  const ledger = useQuery({
    queryKey: myKeys.ledger(organizationId, leaveTypeId),
    queryFn: ({ signal }) => fetchMyLedger(leaveTypeId, signal),
    enabled: leaveTypeId !== "",
    staleTime: 30_000,
  });
  const type = types.find((candidate) => candidate.id === leaveTypeId);

  let content: ReactNode;
  if (ledger.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true" role="status" aria-label={t("timeOff.ledger.loading")}>
        <Skeleton height={40} radius="sm" />
        <Skeleton height={40} radius="sm" />
        <Skeleton height={40} radius="sm" />
      </Stack>
    );
  } else if (ledger.isError) {
    content = (
      <ErrorAlert>
        {problemText(ledger.error, {
          texts: { internal: t("timeOff.ledger.loadFailed") },
          logAs: "My time-off history could not be read",
        })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void ledger.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (ledger.data.entries.length === 0) {
    content = (
      <Text c="dimmed" data-testid="my-ledger-empty">
        {t("timeOff.ledger.empty")}
      </Text>
    );
  } else {
    const entries = [...ledger.data.entries].reverse();
    content = (
      <div className={classes.ledgerScroll}>
        <table className={classes.ledger} data-testid="my-ledger">
          <VisuallyHidden component="caption">{t("timeOff.ledger.caption", { type: type?.name ?? "" })}</VisuallyHidden>
          <thead>
            <tr>
              <th scope="col">{t("timeOff.ledger.date")}</th>
              <th scope="col">{t("timeOff.ledger.what")}</th>
              <th scope="col" data-number>
                {t("timeOff.ledger.change")}
              </th>
              <th scope="col" data-number>
                {t("timeOff.ledger.balance")}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => {
              const what = ledgerWhat(entry, language);
              return (
                <tr
                  key={entry.id ?? `${entry.kind}-${entry.effective_on}-${index}`}
                  data-kind={entry.kind}
                  data-testid="my-ledger-entry"
                >
                  <td className={classes.ledgerDate}>{dateText(entry.effective_on, language)}</td>
                  <td className={classes.ledgerWhat}>{t(what.key, what.values)}</td>
                  <td data-number data-sign={entry.minutes < 0 ? "minus" : "plus"}>
                    <bdi>{signedHours(entry.minutes, language)}</bdi>
                  </td>
                  <td data-number>
                    <bdi>{hoursAmount(entry.balance_minutes, language)}</bdi>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {ledger.data.opening_minutes !== 0 ? (
          <Text size="xs" c="dimmed" mt={6}>
            {t("timeOff.ledger.opening", { hours: isolate(hoursAmount(ledger.data.opening_minutes, language)) })}
          </Text>
        ) : null}
      </div>
    );
  }

  return (
    <MyCard title={t("timeOff.ledger.title")} data-testid="my-ledger-card">
      <Stack gap="md">
        <NativeSelect
          label={t("timeOff.ledger.type")}
          data={types.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          value={leaveTypeId}
          onChange={(event) => onType(event.currentTarget.value)}
          data-testid="my-ledger-type"
          id="my-ledger-type"
        />
        {content}
      </Stack>
    </MyCard>
  );
}
