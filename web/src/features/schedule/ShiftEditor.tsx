import {
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  List,
  Loader,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  SHIFT_MINUTES_MAX,
  SHIFT_NOTE_MAX,
  SHIFT_REPEAT_MAX,
  type Shift,
  type ShiftCheck,
  type ShiftWarning,
  type WeekResponse,
  weekdayOf,
} from "@workshift/contracts";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { useCodeText } from "../../lib/problem-text.ts";
import "./edit-styles.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import classes from "./ScheduleEdit.module.css";
import type { ShiftDraft } from "./schedule-types.ts";
import {
  acrossClockChange,
  formatDuration,
  isDate,
  OPEN_SHIFT,
  personName,
  type RepeatMode,
  repeatCount,
  type ShiftFormValues,
  shiftCheckBody,
  shiftCreateBody,
  shiftFieldErrors,
  shiftFormValues,
  shiftLength,
  shiftUpdateBody,
  updateChangesSomething,
  validateShift,
  valuesOfShift,
  zoneOf,
} from "./shift-form.ts";
import { formatDay, formatShiftWhen, weekdayChips } from "./shift-text.ts";
import { useFailureText } from "./use-failure-text.ts";
import { checkShift, createShift, deleteShift, isShiftConflict, updateShift } from "./week-api.ts";

/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;
/** The live check waits for the manager to pause typing. */
const CHECK_DEBOUNCE_MS = 300;

export interface ShiftEditorProps {
  week: WeekResponse;
  /** The shift or empty cell being edited; null when the editor is closed. */
  draft: ShiftDraft | null;
  onClose(): void;
}

const draftKey = (draft: ShiftDraft) =>
  draft.shift
    ? `shift-${draft.shift.id}`
    : `new-${draft.boardId}-${draft.date}-${draft.userId}-${draft.jobId}-${draft.start ?? ""}`;

/**
 * Create or edit one shift (a modal; full screen on a phone). Closing with
 * unsaved edits (Escape, ×, Cancel) asks first. View-only managers and shifts
 * whose removal is pending get the same dialog, read-only.
 */
export function ShiftEditor({ week, draft, onClose }: ShiftEditorProps) {
  const { t } = useTranslation("scheduleEdit");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  /** A question asked over the editor (delete?) has Escape to itself. */
  const [nested, setNested] = useState(false);

  const close = () => {
    dirty.current = false;
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    // Asked after the Escape that got here has finished: every open Mantine modal hears Escape on
    // the window, and the question would otherwise hear the same key press and close at once.
    if (dirty.current) setTimeout(() => setAsking(true), 0);
    else close();
  };

  const shift = draft?.shift ?? null;
  const readOnly = !week.can_manage || shift?.status === "deleted";
  const title = shift ? (readOnly ? t("editor.viewTitle") : t("editor.editTitle")) : t("editor.createTitle");

  return (
    <>
      <Modal
        opened={draft !== null}
        onClose={requestClose}
        closeOnEscape={!asking && !nested}
        title={title}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ "aria-label": t("editor.close") }}
      >
        {draft ? (
          <ShiftForm
            key={draftKey(draft)}
            week={week}
            draft={draft}
            readOnly={readOnly}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
            onDone={close}
            onCancel={requestClose}
            onNestedDialog={setNested}
          />
        ) : null}
      </Modal>
      <DiscardChangesDialog
        opened={asking}
        message={t("discard.message")}
        onDiscard={close}
        onStay={() => setAsking(false)}
      />
    </>
  );
}

interface ShiftFormProps {
  week: WeekResponse;
  draft: ShiftDraft;
  readOnly: boolean;
  onDirtyChange(dirty: boolean): void;
  onDone(): void;
  onCancel(): void;
  onNestedDialog(open: boolean): void;
}

function ShiftForm({ week, draft, readOnly, onDirtyChange, onDone, onCancel, onNestedDialog }: ShiftFormProps) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const codeText = useCodeText();
  const failureText = useFailureText();
  const language = i18n.resolvedLanguage;
  const message = useFieldMessage();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { length: useId() };

  /** The version being edited: the opened shift, or the current one a 409 brought back. */
  const [base, setBase] = useState<Shift | null>(draft.shift ?? null);
  const form = useForm<ShiftFormValues>({
    mode: "controlled",
    initialValues: shiftFormValues(week, draft),
    validate: (values) => validateShift(values, week, base),
  });
  const values = form.values;
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The shift a save was refused for (409 shift_overlap), until the values change. */
  const [refusedBy, setRefusedBy] = useState<{ shift: Shift | null; values: string } | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  useEffect(() => onNestedDialog(confirmingDelete), [confirmingDelete, onNestedDialog]);

  const boardOptions = useMemo(() => week.boards.map((b) => ({ value: b.id, label: b.name })), [week.boards]);
  const boardShown = boardOptions.length > 1 || values.board_id === null;
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty && !readOnly), [dirty, readOnly, onDirtyChange]);

  const zone = zoneOf(week, values.board_id);
  const length = shiftLength(values, zone);
  const count = base ? 1 : repeatCount(values);
  const peopleById = useMemo(() => new Map(week.people.map((p) => [p.user_id, p])), [week.people]);
  const nameOf = (userId: string | null | undefined) => {
    if (!userId) return t("editor.openShift");
    const person = peopleById.get(userId);
    return (person && personName(person)) || t("editor.unnamed");
  };

  // The live check: the shift as it would be saved, once the manager pauses; open shifts meet no rules.
  const checkBody = useMemo<ShiftCheck | null>(() => {
    if (readOnly || values.user_id === OPEN_SHIFT) return null;
    if (Object.keys(validateShift(values, week, base)).length > 0) return null;
    return shiftCheckBody(values, zone, base?.id);
  }, [readOnly, values, week, base, zone]);
  const checkKey = checkBody ? JSON.stringify(checkBody) : null;
  const [debouncedKey] = useDebouncedValue(checkKey, CHECK_DEBOUNCE_MS);
  const check = useQuery({
    queryKey: ["schedule", "check", debouncedKey],
    queryFn: () => checkShift(JSON.parse(debouncedKey ?? "{}") as ShiftCheck),
    enabled: debouncedKey !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    retry: false,
  });
  const checked = checkKey !== null && debouncedKey !== null ? check.data : undefined;
  const checkIsCurrent = checkKey !== null && debouncedKey === checkKey && !check.isPlaceholderData;
  const liveOverlap = checked?.overlap ?? null;
  const refusal = refusedBy && refusedBy.values === JSON.stringify(values) ? refusedBy : null;
  const overlap = liveOverlap ?? refusal?.shift ?? null;
  const blocked = (checkIsCurrent && liveOverlap !== null) || refusal !== null;

  const showProblem = (error: unknown, what: "save" | "delete") => {
    const fields = shiftFieldErrors(apiFieldErrors(error));
    if (Object.keys(fields).length > 0) {
      for (const [field, key] of Object.entries(fields)) form.setFieldError(field, key);
      // A field without an input on screen (the only board, the repeat's days) is said above the form.
      if ((fields.board_id && !boardShown) || fields.repeat_weekdays) setFailure(codeText("validation_failed"));
      focusFirstError(formRef.current);
      return;
    }
    const conflict = isShiftConflict(error);
    if (conflict?.code === "shift_overlap") {
      setRefusedBy({ shift: conflict.overlap, values: JSON.stringify(form.getValues()) });
      setFailure(conflict.overlap ? null : t("editor.overlapUnknown"));
      return;
    }
    if (conflict?.code === "shift_changed") {
      if (conflict.shift && conflict.shift.status !== "deleted") {
        // Someone else saved first: show what is there now; the manager decides again from it.
        const current = valuesOfShift(week, conflict.shift);
        setBase(conflict.shift);
        form.setInitialValues(current);
        form.setValues(current);
        form.clearErrors();
        setNotice(t("editor.changedMeanwhile"));
      } else {
        setFailure(t("editor.goneMeanwhile"));
      }
      return;
    }
    const logAs = `The shift could not be ${what === "save" ? "saved" : "deleted"}`;
    setFailure(failureText(error, logAs, { not_found: t("editor.goneMeanwhile") }));
  };

  const save = useMutation({
    mutationFn: async (next: ShiftFormValues) => {
      if (base) {
        const body = shiftUpdateBody(next, zone, base);
        if (updateChangesSomething(body)) await updateShift(base.id, body);
      } else {
        await createShift(shiftCreateBody(next, zone));
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onDone();
    },
    onError: (error) => showProblem(error, "save"),
  });

  const remove = useMutation({
    mutationFn: (shift: Shift) => deleteShift(shift.id, shift.version),
    onSuccess: () => {
      setConfirmingDelete(false);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onDone();
    },
    onError: (error) => {
      setConfirmingDelete(false);
      showProblem(error, "delete");
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || save.isPending || blocked) return;
    setFailure(null);
    setNotice(null);
    if (form.validate().hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    save.mutate(form.getValues());
  };

  // Options: the week's people and jobs that are not archived; the shift's own stays listed (marked) if it is.
  const personOptions = useMemo(() => {
    const current = base?.user_id ?? null;
    const people = week.people
      .filter((p) => p.status !== "archived" || p.user_id === current)
      .map((p) => ({
        value: p.user_id,
        label:
          p.status === "archived"
            ? t("editor.archivedName", { name: personName(p) || t("editor.unnamed") })
            : personName(p) || t("editor.unnamed"),
        disabled: p.status === "archived",
      }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    return [{ value: OPEN_SHIFT, label: t("editor.openShift") }, ...people];
  }, [week.people, base, t, language]);
  const jobsById = useMemo(() => new Map(week.jobs.map((job) => [job.id, job])), [week.jobs]);
  const jobOptions = useMemo(
    () =>
      week.jobs
        .filter((job) => !job.is_archived || job.id === base?.job_id)
        .map((job) => ({
          value: job.id,
          label: job.is_archived ? t("editor.archivedName", { name: job.name }) : job.name,
          disabled: job.is_archived,
        })),
    [week.jobs, base, t],
  );

  const chips = useMemo(() => weekdayChips(week.week_start, language), [week.week_start, language]);
  // The shift's own weekday is always one of the repeat's days (the first shift is on it).
  const ownWeekday = isDate(values.date) ? String(weekdayOf(values.date)) : null;
  const chosenWeekdays = ownWeekday ? [...new Set([...values.repeat_weekdays, ownWeekday])] : values.repeat_weekdays;

  const jobDot = (jobId: string | null) => {
    const job = jobId ? jobsById.get(jobId) : undefined;
    return job ? <span className={classes.dot} style={{ backgroundColor: job.color }} aria-hidden="true" /> : null;
  };
  const field = (name: keyof ShiftFormValues) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error), disabled: readOnly };
  };

  const lengthText = (() => {
    if (!length) return null;
    const parts: string[] = [];
    parts.push(
      acrossClockChange(length)
        ? t("length.acrossClockChange", { length: formatDuration(length.minutes, language) })
        : formatDuration(length.minutes, language),
    );
    if (length.overnight) parts.push(t("length.nextDay"));
    if (length.paidMinutes !== length.minutes)
      parts.push(t("length.paid", { length: formatDuration(length.paidMinutes, language) }));
    return parts.join(" · ");
  })();

  const overlapText = (shift: Shift) => {
    const when = formatShiftWhen(shift.starts_at, shift.ends_at, zoneOf(week, shift.board_id), language);
    return t("editor.overlap", { name: nameOf(shift.user_id), start: when.start, end: when.end, day: when.day });
  };

  const warningText = (warning: ShiftWarning) => {
    const hours = formatDuration(warning.minutes, language);
    const limit = formatDuration(warning.limit_minutes, language);
    switch (warning.kind) {
      case "short_rest":
        return t("warnings.shortRest", { rest: hours, limit });
      case "daily_overtime":
        return t("warnings.dailyOvertime", {
          hours,
          limit,
          day: warning.date ? formatDay(warning.date, language) : values.date,
        });
      case "weekly_overtime":
        return t("warnings.weeklyOvertime", { hours, limit });
      case "not_on_job":
        return t("warnings.notOnJob", { name: nameOf(warning.user_id) });
      default:
        return null;
    }
  };

  const status = base ? <StatusLine week={week} shift={base} nameOf={nameOf} /> : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="shift-editor">
      <Stack gap="md">
        {notice ? (
          <Alert
            variant="light"
            color="blue"
            role="status"
            icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}
          >
            {notice}
          </Alert>
        ) : null}
        {failure ? (
          <Alert
            variant="light"
            color="red"
            role="alert"
            icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
          >
            {failure}
          </Alert>
        ) : null}
        {status}

        {boardShown ? (
          <Select
            label={t("editor.board")}
            placeholder={t("editor.boardPlaceholder")}
            data={boardOptions}
            required
            allowDeselect={false}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            comboboxProps={{ withinPortal: true }}
            {...field("board_id")}
            // People were told this shift on its board: it stays there (the server refuses a move).
            disabled={base != null && base.published_at !== null}
            description={base != null && base.published_at !== null ? t("editor.boardPublished") : undefined}
          />
        ) : null}

        <div className={classes.times}>
          <TextInput type="date" label={t("editor.date")} required {...field("date")} />
          <TextInput
            type="time"
            label={t("editor.start")}
            required
            data-autofocus={!readOnly || undefined}
            aria-describedby={lengthText ? ids.length : undefined}
            {...field("start")}
          />
          <TextInput
            type="time"
            label={t("editor.end")}
            required
            aria-describedby={lengthText ? ids.length : undefined}
            {...field("end")}
          />
        </div>
        {lengthText ? (
          <Text id={ids.length} size="sm" c="dimmed" aria-live="polite" className={classes.length}>
            {lengthText}
          </Text>
        ) : null}

        <div className={classes.pair}>
          <NumberInput
            label={t("editor.break")}
            description={t("editor.breakHint")}
            min={0}
            max={SHIFT_MINUTES_MAX}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...field("break_minutes")}
          />
          <Select
            label={t("editor.job")}
            placeholder={t("editor.jobPlaceholder")}
            data={jobOptions}
            clearable={!readOnly}
            searchable
            nothingFoundMessage={t("editor.nothingFound")}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            comboboxProps={{ withinPortal: true }}
            leftSection={jobDot(values.job_id)}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                {jobDot(option.value)}
                <span>{option.label}</span>
              </Group>
            )}
            {...field("job_id")}
          />
        </div>

        <Select
          label={t("editor.person")}
          data={personOptions}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t("editor.nothingFound")}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          comboboxProps={{ withinPortal: true }}
          {...field("user_id")}
        />

        <Textarea
          label={t("editor.note")}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={SHIFT_NOTE_MAX}
          {...field("note")}
        />

        {!base && !readOnly ? (
          <Stack gap="xs" className={classes.repeat}>
            <Radio.Group
              label={t("repeat.label")}
              value={values.repeat}
              onChange={(value) => form.setFieldValue("repeat", value as RepeatMode)}
            >
              <Group gap="md" mt={6}>
                <Radio value="none" label={t("repeat.none")} />
                <Radio value="daily" label={t("repeat.daily")} />
                <Radio value="weekdays" label={t("repeat.weekdays")} />
              </Group>
            </Radio.Group>
            {values.repeat === "weekdays" ? (
              <fieldset className={classes.weekdays}>
                <Text component="legend" size="sm" mb={4}>
                  {t("repeat.onDays")}
                </Text>
                <Chip.Group
                  multiple
                  value={chosenWeekdays}
                  onChange={(value) => form.setFieldValue("repeat_weekdays", value)}
                >
                  <Group gap={6}>
                    {chips.map((chip) => (
                      <Chip
                        key={chip.value}
                        value={chip.value}
                        size="sm"
                        disabled={chip.value === ownWeekday}
                        aria-label={chip.name}
                      >
                        {chip.label}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </fieldset>
            ) : null}
            {values.repeat !== "none" ? (
              <>
                <TextInput type="date" label={t("repeat.until")} required {...field("repeat_until")} />
                <Text size="sm" aria-live="polite" c={count !== null && count > SHIFT_REPEAT_MAX ? "red" : undefined}>
                  {count === null
                    ? t("repeat.countUnknown")
                    : count > SHIFT_REPEAT_MAX
                      ? t("repeat.tooMany", { max: SHIFT_REPEAT_MAX })
                      : t("repeat.count", { count })}
                </Text>
              </>
            ) : null}
          </Stack>
        ) : null}

        {!readOnly ? (
          <div aria-live="polite" className={classes.check}>
            {overlap ? (
              <Alert
                variant="light"
                color="red"
                role="alert"
                title={t("editor.overlapTitle")}
                data-testid="shift-editor-overlap"
                icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
              >
                {overlapText(overlap)}
              </Alert>
            ) : null}
            {checked && checked.warnings.length > 0 ? (
              <Alert
                variant="light"
                color="yellow"
                title={t("warnings.title")}
                data-testid="shift-editor-warnings"
                icon={<IconAlertTriangle size={20} stroke={1.75} aria-hidden="true" />}
              >
                <List size="sm" spacing={2}>
                  {checked.warnings.map((warning) => (
                    <List.Item key={`${warning.kind}-${warning.other_shift_id ?? ""}-${warning.date ?? ""}`}>
                      {warningText(warning)}
                    </List.Item>
                  ))}
                </List>
                <Text size="xs" c="dimmed" mt={4}>
                  {t("warnings.stillAllowed")}
                </Text>
              </Alert>
            ) : null}
            {checkBody !== null && (check.isFetching || checkKey !== debouncedKey) ? (
              <Group gap={6}>
                <Loader size="xs" />
                <Text size="xs" c="dimmed">
                  {t("editor.checking")}
                </Text>
              </Group>
            ) : null}
            {check.isError && checkKey === debouncedKey ? (
              <Text size="xs" c="dimmed">
                {t("editor.checkFailed")}
              </Text>
            ) : null}
          </div>
        ) : null}

        <Group justify="space-between" gap="sm" className={classes.actions}>
          <div>
            {base && !readOnly ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() => setConfirmingDelete(true)}
                disabled={save.isPending || remove.isPending}
              >
                {t("editor.delete")}
              </Button>
            ) : null}
          </div>
          <Group gap="sm">
            <Button variant="default" onClick={readOnly ? onDone : onCancel} disabled={save.isPending}>
              {readOnly ? t("editor.close") : t("editor.cancel")}
            </Button>
            {!readOnly ? (
              <Button type="submit" loading={save.isPending} disabled={blocked} data-testid="shift-editor-save">
                {base
                  ? t("editor.save")
                  : count !== null && count > 1
                    ? t("editor.createMany", { count })
                    : t("editor.create")}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmingDelete}
        title={t("delete.title")}
        message={
          base && base.status !== "draft"
            ? t("delete.publishedMessage", { name: nameOf(base.published?.user_id ?? base.user_id) })
            : t("delete.draftMessage")
        }
        confirmLabel={t("delete.confirm")}
        cancelLabel={t("delete.cancel")}
        danger
        loading={remove.isPending}
        onConfirm={() => {
          if (base) remove.mutate(base);
        }}
        onCancel={() => setConfirmingDelete(false)}
      />
    </form>
  );
}

/** Where an existing shift stands: draft, published, or published with pending changes (and what the person still sees). */
function StatusLine({
  week,
  shift,
  nameOf,
}: {
  week: WeekResponse;
  shift: Shift;
  nameOf(userId: string | null | undefined): string;
}) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const color = { draft: "gray", published: "green", changed: "orange", deleted: "red" }[shift.status];
  let detail: string;
  if (shift.status === "draft") detail = t("status.draftDetail");
  else if (shift.status === "published") detail = t("status.publishedDetail", { name: nameOf(shift.user_id) });
  else if (shift.status === "deleted")
    detail = t("status.deletedDetail", { name: nameOf(shift.published?.user_id ?? shift.user_id) });
  else if (shift.published) {
    const seen = shift.published;
    const when = formatShiftWhen(seen.starts_at, seen.ends_at, zoneOf(week, shift.board_id), i18n.resolvedLanguage);
    detail = t("status.changedDetail", { name: nameOf(seen.user_id), day: when.day, start: when.start, end: when.end });
  } else detail = t("status.changedPlain");
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.status}>
      <Badge color={color} variant={shift.status === "published" ? "filled" : "light"} className={classes.statusBadge}>
        {t(`status.${shift.status}`)}
      </Badge>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Group>
  );
}
