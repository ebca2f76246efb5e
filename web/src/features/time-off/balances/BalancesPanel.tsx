import { CloseButton, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { can } from "@workshift/contracts";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingDots } from "../../../components/LoadingDots/LoadingDots.tsx";
import { useAuth } from "../../../lib/auth-context.ts";
import { problemCodeOf } from "../../../lib/problem-text.ts";
import { isolate } from "../setup/hours.ts";
import "../setup/mantine-styles.ts";
import { ForbiddenAlert, LoadFailedAlert } from "../setup/PanelStates.tsx";
import { fetchSetup, setupKeys } from "../setup/setup-api.ts";
import classes from "./Balances.module.css";
import { BalancesTable } from "./BalancesTable.tsx";
import { type BalanceSort, balanceRows, fullName, nextOrder, type SortOrder, withPolicyNames } from "./balance-rows.ts";
import { balanceKeys, fetchTeamBalances } from "./balances-api.ts";
import { PersonDrawer } from "./PersonDrawer.tsx";

const SEARCH_MAX = 100;

/**
 * The balances tab: everyone's balance of one leave type (of the board in
 * scope, or everyone for "all"), sorted and searched here; a person opens
 * their balances, their history, an adjustment and their start date.
 */
export function BalancesPanel({ boardId }: { boardId?: string } = {}) {
  const { t, i18n } = useTranslation("timeOffSetup");
  const { user } = useAuth();
  const who = user ?? { role: null };
  const view = can(who, "timeOff.view");
  const approve = can(who, "timeOff.approve");
  const manage = can(who, "timeOff.manage");
  const board = boardId && boardId !== "all" ? boardId : null;

  const setup = useQuery({ queryKey: setupKeys.setup, queryFn: fetchSetup, enabled: view, staleTime: 30_000 });
  const activeTypes = (setup.data?.leave_types ?? []).filter((type) => !type.archived);
  const [chosenType, setChosenType] = useState<string | null>(null);
  const typeId = activeTypes.find((type) => type.id === chosenType)?.id ?? activeTypes[0]?.id ?? null;
  const [search, setSearch] = useState("");
  const [order, setOrder] = useState<SortOrder>({ by: "name", descending: false });
  const [open, setOpen] = useState<{ user_id: string; name: string } | null>(null);

  const team = useQuery({
    queryKey: balanceKeys.team(typeId ?? "", board),
    queryFn: () => fetchTeamBalances(typeId ?? "", board),
    enabled: view && typeId !== null,
    placeholderData: keepPreviousData,
  });
  const policies = setup.data?.policies;
  const rows = useMemo(
    () => balanceRows(withPolicyNames(team.data?.people ?? [], policies ?? []), search, order, i18n.resolvedLanguage),
    [team.data, policies, search, order, i18n.resolvedLanguage],
  );

  if (!view || problemCodeOf(setup.error) === "forbidden" || problemCodeOf(team.error) === "forbidden") {
    return <ForbiddenAlert />;
  }
  if (setup.isPending) return <LoadingDots layout="section" />;
  if (setup.isError) return <LoadFailedAlert onRetry={() => void setup.refetch()} />;
  if (typeId === null) return <Text c="dimmed">{t("balances.noTypes")}</Text>;

  const typeName = activeTypes.find((type) => type.id === typeId)?.name ?? "";
  const searched = search.trim();
  let content: ReactNode;
  if (team.isPending) content = <LoadingDots layout="section" />;
  else if (team.isError && !team.data) content = <LoadFailedAlert onRetry={() => void team.refetch()} />;
  else if (rows.length === 0)
    content = (
      <Text c="dimmed">{searched ? t("balances.noResults", { search: isolate(searched) }) : t("balances.empty")}</Text>
    );
  else
    content = (
      <BalancesTable
        rows={rows}
        order={order}
        onSort={(by: BalanceSort) => setOrder((current) => nextOrder(current, by))}
        onOpen={(row) => setOpen({ user_id: row.user_id, name: fullName(row) })}
        label={`${t("balances.label")}: ${typeName}`}
      />
    );

  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        <Select
          className={classes.typeSelect}
          label={t("balances.type")}
          data={activeTypes.map((type) => ({ value: type.id, label: type.name }))}
          value={typeId}
          onChange={setChosenType}
          allowDeselect={false}
        />
        <TextInput
          className={classes.search}
          type="search"
          label={t("balances.search")}
          placeholder={t("balances.searchPlaceholder")}
          value={search}
          maxLength={SEARCH_MAX}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} stroke={1.75} aria-hidden="true" />}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label={t("balances.clearSearch")} onClick={() => setSearch("")} />
            ) : null
          }
        />
      </div>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {team.isSuccess && rows.length > 0 ? t("balances.count", { count: rows.length }) : ""}
      </Text>
      <div aria-busy={team.isFetching}>{content}</div>
      <PersonDrawer
        person={open}
        leaveTypeId={typeId}
        types={activeTypes}
        organizationDayMinutes={setup.data.settings.day_minutes}
        approve={approve}
        manage={manage}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
