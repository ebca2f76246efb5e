import { Button, Select, TextInput } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconFilter, IconFilterOff } from "@tabler/icons-react";
import { inboxStates, type RequestKind } from "@workshift/contracts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useJobSchedulers } from "../../lib/job-schedulers.ts";
import { activeSchedulers } from "../../lib/navigation.ts";
import { type InboxFilters, type InboxState, isNarrowed, narrowingCount, withoutNarrowing } from "./inbox-filters.ts";
import classes from "./Requests.module.css";
import { formatCount } from "./request-format.ts";
import { usePeopleOptions } from "./requests-api.ts";

interface InboxFiltersBarProps {
  filters: InboxFilters;
  onChange(next: InboxFilters): void;
  /** The kinds this manager decides: the kind filter offers these only. */
  kinds: readonly RequestKind[];
  /** Pending requests by kind (the count's), shown beside each kind while waiting ones are listed. */
  waitingByKind: Partial<Record<RequestKind, number>> | undefined;
  /** People the listed requests name (for who may not search the team). */
  listedPeople: ReadonlyMap<string, string>;
  /** Whether the person filter may search the whole team (people.view). */
  maySearchPeople: boolean;
}

/**
 * The inbox's filters, each a labelled control: what to show (waiting, the
 * history, one status), the kind, the board, the person, the days. On a
 * phone only "Show" stays in view; the rest open under "Filters".
 */
export function InboxFiltersBar({
  filters,
  onChange,
  kinds,
  waitingByKind,
  listedPeople,
  maySearchPeople,
}: InboxFiltersBarProps) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const phone = useMediaQuery("(max-width: 47.99em)");
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const set = (patch: Partial<InboxFilters>) => onChange({ ...filters, ...patch });
  const narrowed = narrowingCount(filters);

  const stateSelect = (
    <Select
      label={t("filters.state")}
      data={inboxStates.map((state) => ({ value: state, label: t(`filters.states.${state}`) }))}
      value={filters.state}
      onChange={(value) => set({ state: (value as InboxState | null) ?? "waiting" })}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );

  const fields = (
    <>
      <Select
        label={t("filters.kind")}
        placeholder={t("filters.allKinds")}
        data={kinds.map((kind) => {
          const waiting = filters.state === "waiting" ? (waitingByKind?.[kind] ?? 0) : 0;
          return {
            value: kind,
            label:
              waiting > 0
                ? t("filters.kindWaiting", { kind: t(`kinds.${kind}`), formatted: formatCount(waiting, language) })
                : t(`kinds.${kind}`),
          };
        })}
        value={filters.kind}
        onChange={(value) => set({ kind: (value as RequestKind | null) ?? null })}
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearKind") }}
      />
      <BoardFilter value={filters.board} onChange={(board) => set({ board })} />
      <PersonFilter
        value={filters.person}
        onChange={(person) => set({ person })}
        listedPeople={listedPeople}
        maySearch={maySearchPeople}
      />
      <TextInput
        type="date"
        label={t("filters.from")}
        value={filters.from ?? ""}
        onChange={(event) => set({ from: event.currentTarget.value || null })}
      />
      <TextInput
        type="date"
        label={t("filters.to")}
        value={filters.to ?? ""}
        min={filters.from ?? undefined}
        onChange={(event) => set({ to: event.currentTarget.value || null })}
      />
      {isNarrowed(filters) ? (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={18} stroke={1.75} aria-hidden="true" />}
          onClick={() => onChange(withoutNarrowing(filters))}
        >
          {t("filters.clear")}
        </Button>
      ) : null}
    </>
  );

  if (!phone) {
    return (
      <search aria-label={t("filters.label")} className={classes.filters}>
        {stateSelect}
        {fields}
      </search>
    );
  }
  return (
    <search aria-label={t("filters.label")}>
      <div className={classes.filtersBar}>
        {stateSelect}
        <Button
          variant="default"
          leftSection={<IconFilter size={18} stroke={1.75} aria-hidden="true" />}
          aria-expanded={open}
          aria-controls={open ? moreId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          {narrowed > 0 ? t("filters.moreCount", { formatted: formatCount(narrowed, language) }) : t("filters.more")}
        </Button>
      </div>
      {open ? (
        <div className={classes.filters} id={moreId}>
          {fields}
        </div>
      ) : null}
    </search>
  );
}

function BoardFilter({ value, onChange }: { value: string | null; onChange(board: string | null): void }) {
  const { t } = useTranslation("requests");
  const boards = useJobSchedulers();
  const listed = activeSchedulers(boards.data);
  // A board chosen before it was archived stays choosable, so the filter can still be read and cleared.
  const chosen = boards.data?.find((board) => board.id === value);
  const data = [...listed, ...(chosen && !listed.includes(chosen) ? [chosen] : [])].map((board) => ({
    value: board.id,
    label: board.name,
  }));
  if (value && !data.some((option) => option.value === value)) data.push({ value, label: t("filters.someBoard") });
  return (
    <Select
      label={t("filters.board")}
      placeholder={t("filters.allBoards")}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      clearButtonProps={{ "aria-label": t("filters.clearBoard") }}
      nothingFoundMessage={t("filters.nothingFound")}
    />
  );
}

function PersonFilter({
  value,
  onChange,
  listedPeople,
  maySearch,
}: {
  value: string | null;
  onChange(person: string | null): void;
  listedPeople: ReadonlyMap<string, string>;
  maySearch: boolean;
}) {
  const { t } = useTranslation("requests");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const people = usePeopleOptions(debounced, maySearch);
  const options = new Map<string, string>();
  for (const person of people.data ?? []) {
    options.set(person.id, `${person.first_name} ${person.last_name}`.trim());
  }
  for (const [id, name] of listedPeople) if (!maySearch || !options.has(id)) options.set(id, name);
  if (value && !options.has(value)) options.set(value, t("filters.somePerson"));
  const data = [...options].map(([id, name]) => ({ value: id, label: name || t("someone") }));
  return (
    <Select
      label={t("filters.person")}
      placeholder={t("filters.everyone")}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      onSearchChange={setSearch}
      // The team is searched on the server when one may; otherwise the listed people are narrowed here.
      {...(maySearch ? { filter: ({ options: all }) => all } : {})}
      clearable
      clearButtonProps={{ "aria-label": t("filters.clearPerson") }}
      nothingFoundMessage={t("filters.nothingFound")}
    />
  );
}
