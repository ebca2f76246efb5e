import { Button, CloseButton, Collapse, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback, useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconSearch } from "@tabler/icons-react";
import { memberRoles, memberStatuses, peopleSorts } from "@workshift/contracts";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./People.module.css";
import type { JobRef } from "./people-api.ts";
import { defaultFilters, type PeopleFilters, SEARCH_MAX } from "./people-query.ts";
import { useBoards } from "./use-people-data.ts";

const PHONE_QUERY = "(max-width: 47.99em)";
const SEARCH_DEBOUNCE_MS = 300;

interface ToolbarProps {
  filters: PeopleFilters;
  onChange(next: Partial<PeopleFilters>): void;
  jobs: JobRef[] | undefined;
}

/** Search, filters and sort. On a phone the filters fold behind a button that says how many are on. */
export function PeopleToolbar({ filters, onChange, jobs }: ToolbarProps) {
  const { t } = useTranslation("people");
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const boards = useBoards();
  const [search, setSearch] = useState(filters.search);
  const [open, setOpen] = useState(false);
  const panelId = useId();

  // The address changed from elsewhere (Back, "Clear filters"): the box follows.
  const typed = useRef(filters.search);
  useEffect(() => {
    if (filters.search !== typed.current) {
      typed.current = filters.search;
      setSearch(filters.search);
    }
  }, [filters.search]);

  const commitSearch = useDebouncedCallback((value: string) => {
    typed.current = value;
    onChange({ search: value });
  }, SEARCH_DEBOUNCE_MS);

  const active = [filters.role, filters.status, filters.job_id, filters.board_id].filter(Boolean).length;
  const activeJobs = (jobs ?? []).filter((job) => !job.is_archived || job.id === filters.job_id);
  const activeBoards = (boards.data ?? []).filter((board) => !board.is_archived || board.id === filters.board_id);

  const selects = (
    <div className={classes.filters}>
      <Select
        label={t("filters.role")}
        placeholder={t("filters.anyRole")}
        data={memberRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        value={filters.role}
        onChange={(value) => onChange({ role: (value as PeopleFilters["role"]) ?? null })}
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
        allowDeselect
      />
      <Select
        label={t("filters.status")}
        placeholder={t("filters.anyStatus")}
        data={memberStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={filters.status}
        onChange={(value) => onChange({ status: (value as PeopleFilters["status"]) ?? null })}
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
      />
      <Select
        label={t("filters.job")}
        placeholder={activeJobs.length === 0 ? t("filters.noJobs") : t("filters.anyJob")}
        data={activeJobs.map((job) => ({ value: job.id, label: job.name }))}
        value={filters.job_id}
        onChange={(value) => onChange({ job_id: value ?? null })}
        disabled={activeJobs.length === 0}
        searchable
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
      />
      <Select
        label={t("filters.schedule")}
        placeholder={activeBoards.length === 0 ? t("filters.noSchedules") : t("filters.anySchedule")}
        data={activeBoards.map((board) => ({ value: board.id, label: board.name }))}
        value={filters.board_id}
        onChange={(value) => onChange({ board_id: value ?? null })}
        disabled={activeBoards.length === 0}
        searchable
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
      />
      <Select
        label={t("sort.label")}
        data={peopleSorts.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
        value={filters.sort}
        onChange={(value) => onChange({ sort: (value as PeopleFilters["sort"]) ?? defaultFilters.sort })}
        allowDeselect={false}
      />
    </div>
  );

  return (
    <div className={classes.toolbar}>
      <div className={classes.searchRow}>
        <TextInput
          type="search"
          className={classes.search}
          label={t("filters.search")}
          placeholder={t("filters.searchPlaceholder")}
          leftSection={<IconSearch size={18} stroke={1.75} aria-hidden="true" />}
          value={search}
          maxLength={SEARCH_MAX}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            commitSearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              commitSearch.flush();
            }
          }}
          rightSection={
            search !== "" ? (
              <CloseButton
                size="sm"
                aria-label={t("filters.clearSearch")}
                onClick={() => {
                  setSearch("");
                  commitSearch.cancel();
                  typed.current = "";
                  onChange({ search: "" });
                }}
              />
            ) : null
          }
        />
        {phone ? (
          <Button
            variant={active > 0 ? "light" : "default"}
            className={classes.filterToggle}
            leftSection={<IconAdjustmentsHorizontal size={18} stroke={1.75} aria-hidden="true" />}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            {active > 0 ? t("filters.toggleActive", { count: active }) : t("filters.toggle")}
          </Button>
        ) : null}
      </div>
      {phone ? (
        <Collapse expanded={open} id={panelId}>
          {selects}
        </Collapse>
      ) : (
        selects
      )}
    </div>
  );
}
