import { MultiSelect, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BOARD_NAME_MAX, type Board, type Job } from "@workshift/contracts";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../components/AdminList/FormActions.tsx";
import { FormModal } from "../../components/AdminList/FormModal.tsx";
import { useFormSave } from "../../components/AdminList/use-form-save.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { TimeZoneSelect } from "../../components/TimeZoneSelect/TimeZoneSelect.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { weekdayOptions } from "../../lib/weekdays.ts";
import classes from "./Boards.module.css";
import {
  type BoardFormValues,
  boardBody,
  boardFieldErrors,
  boardValuesFrom,
  emptyBoardValues,
  validateBoard,
} from "./board-form.ts";
import { createBoard, fetchBoardPeople, type PersonOption, searchPeople, updateBoard } from "./boards-api.ts";

/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;
const SEARCH_DEBOUNCE_MS = 250;

interface BoardFormModalProps {
  opened: boolean;
  /** The board to edit; none to create one. */
  board: Board | null;
  /** The organization's active jobs to choose from; undefined while loading, null when they cannot be listed. */
  jobs: Job[] | null | undefined;
  onClose(): void;
  onSaved(board: Board, created: boolean): void;
}

/** Create or edit a schedule board in a modal (full screen on a phone). */
export function BoardFormModal({ opened, board, jobs, onClose, onSaved }: BoardFormModalProps) {
  return (
    <FormModal ns="boards" opened={opened} editing={board !== null} onClose={onClose}>
      <BoardForm key={board?.id ?? "new"} board={board} jobs={jobs} onCancel={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

interface BoardFormProps {
  board: Board | null;
  jobs: Job[] | null | undefined;
  onCancel(): void;
  onSaved(board: Board, created: boolean): void;
}

function BoardForm({ board, jobs, onCancel, onSaved }: BoardFormProps) {
  const { t, i18n } = useTranslation("boards");
  const message = useFieldMessage();
  const mode = board ? "edit" : "create";
  const form = useForm<BoardFormValues>({
    mode: "controlled",
    initialValues: board ? boardValuesFrom(board) : emptyBoardValues(),
    validate: (values) => validateBoard(values, mode),
    validateInputOnBlur: ["name"],
  });
  const { formRef, failure, pending, submit } = useFormSave({
    ns: "boards",
    form,
    save: (values: BoardFormValues) =>
      board ? updateBoard(board.id, boardBody(values)) : createBoard(boardBody(values)),
    fieldErrors: boardFieldErrors,
    logAs: "The board could not be saved",
    onSaved: (saved) => onSaved(saved, board === null),
  });

  const weekdays = useMemo(() => weekdayOptions(i18n.resolvedLanguage), [i18n.resolvedLanguage]);
  const jobOptions = useMemo(() => (jobs ?? []).map((job) => ({ value: job.id, label: job.name })), [jobs]);
  const nameProps = form.getInputProps("name");

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextInput
          label={t("form.name")}
          placeholder={t("form.namePlaceholder")}
          required
          maxLength={BOARD_NAME_MAX + 10}
          data-autofocus
          {...nameProps}
          error={message(nameProps.error)}
        />
        <div className={classes.pair}>
          <TimeZoneSelect
            label={t("form.timeZone")}
            placeholder={t("form.timeZonePlaceholder")}
            nothingFoundMessage={t("form.timeZoneNothing")}
            clearable={!board}
            value={form.values.time_zone}
            error={message(form.errors.time_zone)}
            onChange={(value) => form.setFieldValue("time_zone", value)}
          />
          <Select
            label={t("form.weekStart")}
            placeholder={t("form.weekStartPlaceholder")}
            data={weekdays}
            clearable={!board}
            allowDeselect={!board}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            comboboxProps={{ withinPortal: true }}
            value={form.values.week_start}
            error={message(form.errors.week_start)}
            onChange={(value) => form.setFieldValue("week_start", value)}
          />
        </div>
        {jobs === null ? (
          <Text size="sm" c="dimmed">
            {t("form.jobsUnavailable")}
          </Text>
        ) : (
          <MultiSelect
            label={t("form.jobs")}
            placeholder={jobOptions.length > 0 ? t("form.jobsPlaceholder") : undefined}
            description={jobs !== undefined && jobOptions.length === 0 ? t("form.jobsNone") : undefined}
            data={jobOptions}
            searchable
            hidePickedOptions
            nothingFoundMessage={t("form.jobsNothing")}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            comboboxProps={{ withinPortal: true }}
            disabled={jobs === undefined}
            value={form.values.job_ids}
            error={message(form.errors.job_ids)}
            onChange={(value) => form.setFieldValue("job_ids", value)}
          />
        )}
        <MemberPicker
          boardId={board?.id ?? null}
          value={form.values.member_ids}
          error={message(form.errors.member_ids)}
          onChange={(value) => form.setFieldValue("member_ids", value)}
        />
        <FormActions
          ns="boards"
          editing={board !== null}
          pending={pending}
          className={classes.formActions}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

interface MemberPickerProps {
  boardId: string | null;
  value: string[];
  error: ReactNode;
  onChange(value: string[]): void;
}

/**
 * People are searched on the server (the team can be thousands): the list
 * shows up to 100 matches of what is typed; the chosen ones keep their names
 * from the board's own people and from earlier searches.
 */
function MemberPicker({ boardId, value, error, onChange }: MemberPickerProps) {
  const { t } = useTranslation("boards");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [known, setKnown] = useState<Map<string, string>>(() => new Map());

  const current = useQuery({
    queryKey: ["people", "board-members", boardId],
    queryFn: () => fetchBoardPeople(boardId ?? ""),
    enabled: boardId !== null,
    staleTime: 30_000,
  });
  const results = useQuery({
    queryKey: ["people", "board-picker", debounced],
    queryFn: () => searchPeople(debounced),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  useEffect(() => {
    const found: PersonOption[] = [...(current.data ?? []), ...(results.data ?? [])];
    if (found.length === 0) return;
    setKnown((previous) => {
      let changed = false;
      const next = new Map(previous);
      for (const option of found) {
        if (next.get(option.value) !== option.label) {
          next.set(option.value, option.label);
          changed = true;
        }
      }
      return changed ? next : previous;
    });
  }, [current.data, results.data]);

  const data = useMemo(() => {
    const options = new Map<string, string>();
    for (const id of value) options.set(id, known.get(id) ?? "…");
    for (const option of results.data ?? []) options.set(option.value, option.label);
    return [...options].map(([id, label]) => ({ value: id, label }));
  }, [value, known, results.data]);

  const unavailable = results.isError && !results.data;
  return (
    <MultiSelect
      label={t("form.members")}
      placeholder={t("form.membersPlaceholder")}
      description={
        unavailable
          ? t("form.membersUnavailable")
          : `${t("form.selectedCount", { count: value.length })} · ${t("form.membersHint")}`
      }
      data={data}
      value={value}
      onChange={(next) => {
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched names, phones and emails.
      filter={({ options }) => options}
      hidePickedOptions
      clearable
      nothingFoundMessage={results.isFetching ? t("form.membersLoading") : t("form.membersNothing")}
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}
