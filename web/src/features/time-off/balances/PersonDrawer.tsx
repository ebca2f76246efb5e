import { Button, Divider, Drawer, Select, Stack, Text, Title, useDirection } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeaveType } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "../../../components/AdminPage/DoneNotice.tsx";
import { LoadingDots } from "../../../components/LoadingDots/LoadingDots.tsx";
import { isolate } from "../setup/hours.ts";
import { LoadFailedAlert } from "../setup/PanelStates.tsx";
import { useAmounts } from "../setup/use-amounts.ts";
import { AdjustForm } from "./AdjustForm.tsx";
import classes from "./Balances.module.css";
import { balanceKeys, fetchLedger, fetchPersonBalances } from "./balances-api.ts";
import { LedgerTable } from "./LedgerTable.tsx";
import { PersonFields } from "./PersonFields.tsx";

interface PersonDrawerProps {
  person: { user_id: string; name: string } | null;
  /** The type the table shows: the history opens on it. */
  leaveTypeId: string | null;
  types: LeaveType[];
  organizationDayMinutes: number | null;
  approve: boolean;
  manage: boolean;
  onClose(): void;
}

/** One person: their balance of every type, the history of one, and (by right) an adjustment, their start date and usual day. */
export function PersonDrawer({
  person,
  leaveTypeId,
  types,
  organizationDayMinutes,
  approve,
  manage,
  onClose,
}: PersonDrawerProps) {
  const { dir } = useDirection();
  const phone = useMediaQuery("(max-width: 47.99em)");
  const { t } = useTranslation("timeOffSetup");
  return (
    <Drawer
      opened={person !== null}
      onClose={onClose}
      position={dir === "rtl" ? "left" : "right"}
      size={phone ? "100%" : "xl"}
      title={
        <Title order={2} size="h4" component="span">
          {person?.name ?? ""}
        </Title>
      }
      closeButtonProps={{ "aria-label": t("actions.cancel") }}
    >
      {person ? (
        <PersonDetails
          key={person.user_id}
          userId={person.user_id}
          initialType={leaveTypeId}
          types={types}
          organizationDayMinutes={organizationDayMinutes}
          approve={approve}
          manage={manage}
        />
      ) : null}
    </Drawer>
  );
}

function PersonDetails({
  userId,
  initialType,
  types,
  organizationDayMinutes,
  approve,
  manage,
}: {
  userId: string;
  initialType: string | null;
  types: LeaveType[];
  organizationDayMinutes: number | null;
  approve: boolean;
  manage: boolean;
}) {
  const { t } = useTranslation("timeOffSetup");
  const amounts = useAmounts();
  const queryClient = useQueryClient();
  const [typeId, setTypeId] = useState<string | null>(initialType);
  const [adjusting, setAdjusting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const balances = useQuery({ queryKey: balanceKeys.person(userId), queryFn: () => fetchPersonBalances(userId) });
  const ledger = useQuery({
    queryKey: balanceKeys.ledger(userId, typeId ?? ""),
    queryFn: () => fetchLedger(userId, typeId ?? ""),
    enabled: typeId !== null,
  });
  useEffect(() => {
    if (typeId === null && balances.data?.balances[0]) setTypeId(balances.data.balances[0].leave_type.id);
  }, [typeId, balances.data]);

  const refreshTeam = () => queryClient.invalidateQueries({ queryKey: ["timeOff", "balances"] });
  const typeName = types.find((type) => type.id === typeId)?.name ?? "";
  const typeOptions = (balances.data?.balances.map((balance) => balance.leave_type) ?? types).map((type) => ({
    value: type.id,
    label: type.name,
  }));

  return (
    <Stack gap="lg">
      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />
      <section aria-label={t("drawer.balances")}>
        <Title order={3} size="h5" mb="xs">
          {t("drawer.balances")}
        </Title>
        {balances.isPending ? (
          <LoadingDots layout="section" />
        ) : balances.isError ? (
          <LoadFailedAlert onRetry={() => void balances.refetch()} />
        ) : (
          <ul className={classes.balanceList}>
            {balances.data.balances.map((balance) => (
              <li key={balance.leave_type.id} className={classes.balanceItem}>
                <span className={classes.typeName}>
                  <span
                    className={classes.swatch}
                    style={{ backgroundColor: balance.leave_type.color }}
                    aria-hidden="true"
                  />
                  {balance.leave_type.name}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {balance.policy?.name ?? t("balances.noPolicy")}
                  </Text>
                </span>
                <span className={classes.numeric}>
                  <span className={balance.balance_minutes < 0 ? classes.negative : undefined}>
                    {amounts.hours(balance.balance_minutes)}
                  </span>
                  <span className={classes.dimmed}>
                    {" "}
                    · {amounts.days(balance.balance_minutes, balance.day_minutes)}
                  </span>
                  {balance.pending_minutes ? (
                    <Text span size="xs" c="dimmed">
                      {" "}
                      ({t("drawer.pending", { hours: amounts.hoursNumber(balance.pending_minutes) })})
                    </Text>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {manage && balances.data ? (
        <section aria-label={t("drawer.person")}>
          <Title order={3} size="h5" mb="xs">
            {t("drawer.person")}
          </Title>
          <PersonFields
            userId={userId}
            balances={balances.data}
            organizationDayMinutes={organizationDayMinutes}
            onSaved={(answer) => {
              queryClient.setQueryData(balanceKeys.person(userId), answer);
              setNotice(t("drawer.personSaved"));
              void queryClient.invalidateQueries({ queryKey: ["timeOff"] });
            }}
          />
        </section>
      ) : null}

      <Divider />

      <section aria-label={t("drawer.ledger")}>
        <Title order={3} size="h5" mb="xs">
          {t("drawer.ledger")}
        </Title>
        <Stack gap="sm">
          <div className={classes.toolbar}>
            <Select
              className={classes.typeSelect}
              label={t("drawer.ledgerType")}
              data={typeOptions}
              value={typeId}
              onChange={(value) => {
                setTypeId(value);
                setAdjusting(false);
              }}
              allowDeselect={false}
            />
            {approve && typeId && !adjusting ? (
              <Button variant="light" onClick={() => setAdjusting(true)}>
                {t("adjust.open")}
              </Button>
            ) : null}
          </div>
          {adjusting && typeId ? (
            <section aria-label={t("adjust.title", { type: isolate(typeName) })}>
              <AdjustForm
                userId={userId}
                leaveTypeId={typeId}
                onCancel={() => setAdjusting(false)}
                onSaved={(answer) => {
                  queryClient.setQueryData(balanceKeys.ledger(userId, typeId), answer);
                  setAdjusting(false);
                  setNotice(t("adjust.done"));
                  void queryClient.invalidateQueries({ queryKey: balanceKeys.person(userId) });
                  void refreshTeam();
                }}
              />
            </section>
          ) : null}
          {typeId === null ? null : ledger.isPending ? (
            <LoadingDots layout="section" />
          ) : ledger.isError ? (
            <LoadFailedAlert onRetry={() => void ledger.refetch()} />
          ) : (
            <LedgerTable ledger={ledger.data} label={t("ledger.label", { type: isolate(typeName) })} />
          )}
        </Stack>
      </section>
    </Stack>
  );
}
