import {
  ActionIcon,
  Button,
  CloseButton,
  MultiSelect,
  SegmentedControl,
  Switch,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconSearch } from "@tabler/icons-react";
import { SCHEDULE_DATE_MAX, SCHEDULE_DATE_MIN, type WeekResponse } from "@workshift/contracts";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import type { ScheduleView } from "../../lib/board-url.ts";
import { type BoardUrlState, isBoardDate } from "../../lib/board-url.ts";
import classes from "./SchedulePage.module.css";
import { WeekActions } from "./WeekActions.tsx";

const SEARCH_DEBOUNCE_MS = 250;
/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;

interface ScheduleToolbarProps {
  state: BoardUrlState;
  /** The day shown (the URL's, or today in the board's zone). */
  date: string;
  week: WeekResponse;
  scope: string;
  selectedIds: string[];
  onClearSelection(): void;
  /** Where the week actions' results are said. */
  toaster: Toaster;
  /** `step`: a new history entry (Back returns), unlike filters which replace it. */
  onChange(next: Partial<BoardUrlState>, step?: boolean): void;
  onStep(direction: -1 | 1): void;
}

/**
 * Above the board: previous/next (week, day or month, as the view), Today, a
 * date, the view switch, the job filter, the people search, grouping by job,
 * and the week's actions (publish, copy, templates, print, CSV) at the end.
 * Wraps onto several lines on a phone.
 */
export function ScheduleToolbar({
  state,
  date,
  week,
  scope,
  selectedIds,
  onClearSelection,
  toaster,
  onChange,
  onStep,
}: ScheduleToolbarProps) {
  const { t } = useTranslation("schedule");
  const unit = state.view;
  const jobOptions = useMemo(
    () =>
      week.jobs
        .filter((job) => !job.is_archived || state.jobIds.includes(job.id))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((job) => ({ value: job.id, label: job.name })),
    [week.jobs, state.jobIds],
  );

  return (
    <div className={classes.toolbar} data-testid="schedule-toolbar">
      <div className={classes.toolbarRow}>
        <div className={classes.navGroup}>
          <Tooltip label={t(`toolbar.previous.${unit}`)} withArrow>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t(`toolbar.previous.${unit}`)}
              onClick={() => onStep(-1)}
            >
              <IconChevronLeft size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={() => onChange({ date: null }, true)}>
            {t("toolbar.today")}
          </Button>
          <Tooltip label={t(`toolbar.next.${unit}`)} withArrow>
            <ActionIcon variant="default" size="lg" aria-label={t(`toolbar.next.${unit}`)} onClick={() => onStep(1)}>
              <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
            </ActionIcon>
          </Tooltip>
          <TextInput
            type="date"
            aria-label={t("toolbar.date")}
            className={classes.dateInput}
            value={date}
            min={SCHEDULE_DATE_MIN}
            max={SCHEDULE_DATE_MAX}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isBoardDate(value)) onChange({ date: value }, true);
            }}
          />
        </div>
        <SegmentedControl
          aria-label={t("toolbar.view")}
          value={state.view}
          onChange={(value) => onChange({ view: value as ScheduleView }, true)}
          data={(["week", "day", "month"] as const).map((view) => ({ value: view, label: t(`toolbar.views.${view}`) }))}
        />
        <div className={classes.actions}>
          <WeekActions
            week={week}
            scope={scope}
            date={date}
            monthView={state.view === "month"}
            selectedIds={selectedIds}
            onClearSelection={onClearSelection}
            toaster={toaster}
          />
        </div>
      </div>
      <div className={classes.toolbarRow}>
        <MultiSelect
          className={classes.jobFilter}
          aria-label={t("toolbar.jobs")}
          placeholder={state.jobIds.length === 0 ? t("toolbar.allJobs") : undefined}
          data={jobOptions}
          value={state.jobIds.filter((id) => jobOptions.some((option) => option.value === id))}
          onChange={(jobIds) => onChange({ jobIds })}
          disabled={jobOptions.length === 0}
          nothingFoundMessage={t("toolbar.noJobMatches")}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          searchable
          clearable
          clearButtonProps={{ "aria-label": t("toolbar.clearJobs") }}
          comboboxProps={{ withinPortal: true }}
        />
        <PeopleSearch value={state.search} onChange={(search) => onChange({ search })} />
        {state.view !== "month" ? (
          <Switch
            className={classes.groupSwitch}
            label={t("toolbar.groupByJob")}
            checked={state.groupByJob}
            onChange={(event) => onChange({ groupByJob: event.currentTarget.checked })}
          />
        ) : null}
      </div>
    </div>
  );
}

/** The people search, typed freely and written to the address once typing pauses. */
function PeopleSearch({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation("schedule");
  const [text, setText] = useState(value);
  const typed = useRef(value);
  useEffect(() => {
    // The address changed elsewhere (Back, another link): the box follows.
    if (value !== typed.current) {
      typed.current = value;
      setText(value);
    }
  }, [value]);
  const commit = useDebouncedCallback((next: string) => {
    typed.current = next;
    onChange(next);
  }, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      type="search"
      className={classes.search}
      aria-label={t("toolbar.search")}
      placeholder={t("toolbar.searchPlaceholder")}
      leftSection={<IconSearch size={16} stroke={1.75} aria-hidden="true" />}
      value={text}
      maxLength={100}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit.flush();
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t("toolbar.clearSearch")}
            onClick={() => {
              setText("");
              commit.cancel();
              typed.current = "";
              onChange("");
            }}
          />
        ) : null
      }
    />
  );
}
