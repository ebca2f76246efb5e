import { Button, CloseButton, Switch, TextInput } from "@mantine/core";
import { IconChecks, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatCount } from "./clock-format.ts";
import classes from "./TimeClock.module.css";

/** Narrowing the timesheets (a name, only those needing attention) and approving all that are ready. */
export function TimesheetFilters({
  search,
  onSearch,
  attentionOnly,
  onAttentionOnly,
  attentionCount,
  readyCount,
  onApproveAll,
  loadingEveryone = false,
}: {
  search: string;
  onSearch(value: string): void;
  attentionOnly: boolean;
  onAttentionOnly(value: boolean): void;
  attentionCount: number;
  /** How many people "Approve all" would approve (none: no button). */
  readyCount: number;
  onApproveAll(): void;
  /** Only some people's sheets are in yet: searching, the count needing attention and approving all wait for everyone's. */
  loadingEveryone?: boolean;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  return (
    <div className={classes.filters}>
      <TextInput
        type="search"
        className={classes.search}
        aria-label={t("sheets.search")}
        placeholder={t("sheets.search")}
        value={search}
        disabled={loadingEveryone}
        maxLength={100}
        onChange={(event) => onSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} stroke={1.75} aria-hidden="true" />}
        rightSection={
          search ? <CloseButton size="sm" aria-label={t("live.clearSearch")} onClick={() => onSearch("")} /> : null
        }
      />
      {loadingEveryone ? null : (
        <Switch
          label={t("sheets.attentionOnly", { count: attentionCount })}
          checked={attentionOnly}
          onChange={(event) => onAttentionOnly(event.currentTarget.checked)}
        />
      )}
      {readyCount > 0 && !loadingEveryone ? (
        <Button
          variant="light"
          leftSection={<IconChecks size={16} stroke={1.75} aria-hidden="true" />}
          onClick={onApproveAll}
          data-testid="approve-all"
        >
          {t("approveAll.button", { count: readyCount, formatted: formatCount(readyCount, language) })}
        </Button>
      ) : null}
    </div>
  );
}
