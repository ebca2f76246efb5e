import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useJobSchedulers } from "../../lib/job-schedulers.ts";
import { activeSchedulers, NO_SCHEDULER } from "../../lib/navigation.ts";
import classes from "./TimeOff.module.css";

/**
 * Which schedule's people the page shows: one board, or all of them, as the
 * sidebar links it (the address's id). A board not listed (archived) is kept
 * as a choice so the picker never shows blank.
 */
export function ScopePicker({ scope, onChange }: { scope: string; onChange(scope: string): void }) {
  const { t } = useTranslation("timeOff");
  const boards = useJobSchedulers();
  const listed = activeSchedulers(boards.data);
  const options = [
    { value: NO_SCHEDULER, label: t("scope.all") },
    ...listed.map((board) => ({ value: board.id, label: board.name })),
  ];
  if (!options.some((option) => option.value === scope)) {
    const known = boards.data?.find((board) => board.id === scope);
    options.push({ value: scope, label: known?.name ?? t("scope.board") });
  }
  return (
    <Select
      className={classes.scope}
      label={t("scope.label")}
      data={options}
      value={scope}
      onChange={(value) => {
        if (value && value !== scope) onChange(value);
      }}
      allowDeselect={false}
      searchable={options.length > 8}
      comboboxProps={{ withinPortal: true }}
      data-testid="time-off-scope"
    />
  );
}

/** The scope's name for the title: "All schedules", or the board's. */
export function useScopeName(scope: string): string | null {
  const { t } = useTranslation("timeOff");
  const boards = useJobSchedulers();
  if (scope === NO_SCHEDULER) return t("scope.all");
  return boards.data?.find((board) => board.id === scope)?.name ?? null;
}
