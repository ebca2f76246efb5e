import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle, IconPlus, IconX } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import {
  CLOCK_NOTE_MAX,
  CLOCK_REASON_MAX,
  type TimeEntry,
  type TimesheetPerson,
  type TimesheetResponse,
} from "@workshift/contracts";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { useCodeText } from "../../lib/problem-text.ts";
import { formatDay, formatDuration, formatInstant } from "./clock-format.ts";
import {
  changedParts,
  type EntryFormValues,
  entryCreateBody,
  entryFieldErrors,
  entryFormValues,
  entryUpdateBody,
  newEntryValues,
  rebaseValues,
  typedLength,
  validateEntry,
} from "./entry-form.ts";
import { isolate, personName } from "./live-status.ts";
import classes from "./TimeClock.module.css";
import { createEntry, staleEntryOf, updateEntry } from "./time-clock-api.ts";
import { useFailureText } from "./use-failure-text.ts";

/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;
const BREAKS_MAX = 20;

export type EntryEditorTarget =
  | { kind: "edit"; entry: TimeEntry; person: TimesheetPerson }
  | { kind: "create"; person: TimesheetPerson; date: string; jobId: string | null };

const targetKey = (target: EntryEditorTarget) =>
  target.kind === "edit" ? `edit-${target.entry.id}` : `new-${target.person.user_id}-${target.date}`;

/** The zone an entry's wall clock is typed in: its job's, else the organization's. */
function zoneOf(sheet: TimesheetResponse, jobId: string | null): string {
  return (jobId ? sheet.jobs.find((job) => job.id === jobId)?.time_zone : null) ?? sheet.time_zone;
}

/**
 * Correct an entry, or add one for a forgotten day (a modal; full screen on
 * a phone): clock-in and clock-out, breaks, job, note, and the reason the
 * history keeps. A correction sends the version it was read at and only
 * what changed; if someone saved first, the current version is shown and the
 * manager's own changes are kept. Closing with unsaved changes asks first.
 */
export function EntryEditor({
  target,
  sheet,
  onClose,
  onSaved,
}: {
  target: EntryEditorTarget | null;
  sheet: TimesheetResponse;
  onClose(): void;
  onSaved(created: boolean): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);

  const close = () => {
    dirty.current = false;
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    // Asked after the Escape that got here has finished (every open modal hears it on the window).
    if (dirty.current) setTimeout(() => setAsking(true), 0);
    else close();
  };

  const name = target ? isolate(personName(target.person) || t("unnamed")) : "";
  const title = !target
    ? ""
    : target.kind === "edit"
      ? t("editor.editTitle", { name, day: formatDay(dayOf(target.entry, sheet), i18n.resolvedLanguage) })
      : t("editor.createTitle", { name });

  return (
    <>
      <Modal
        opened={target !== null}
        onClose={requestClose}
        closeOnEscape={!asking}
        title={title}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ "aria-label": t("editor.close") }}
      >
        {target ? (
          <EntryForm
            key={targetKey(target)}
            target={target}
            sheet={sheet}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
            onCancel={requestClose}
            onSaved={(created) => {
              dirty.current = false;
              onSaved(created);
            }}
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

/** The day an entry sits on, as the timesheet put it (its row's date), else its clock-in's in the zone. */
function dayOf(entry: TimeEntry, sheet: TimesheetResponse): string {
  for (const person of sheet.people) {
    const row = person.sheet.entries.find((item) => item.id === entry.id);
    if (row) return row.date;
  }
  return entry.clock_in_at.slice(0, 10);
}

function EntryForm({
  target,
  sheet,
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  target: EntryEditorTarget;
  sheet: TimesheetResponse;
  onDirtyChange(dirty: boolean): void;
  onCancel(): void;
  onSaved(created: boolean): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const message = useFieldMessage();
  const codeText = useCodeText();
  const failureText = useFailureText();
  const formRef = useRef<HTMLFormElement>(null);
  const lengthId = useId();

  /** The version being corrected: the one opened, or the current one a 409 brought back. */
  const [base, setBase] = useState<TimeEntry | null>(target.kind === "edit" ? target.entry : null);
  const zone = zoneOf(sheet, target.kind === "edit" ? target.entry.job_id : target.jobId);
  const form = useForm<EntryFormValues>({
    mode: "controlled",
    initialValues:
      target.kind === "edit" ? entryFormValues(target.entry, zone) : newEntryValues(target.date, target.jobId),
  });
  const values = form.values;
  const [failure, setFailure] = useState<string | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState<TimeEntry | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // What a failed save says is shown where the manager reads first, not left above the fold of a long form.
  useEffect(() => {
    if (changedMeanwhile || failure) noticeRef.current?.scrollIntoView({ block: "nearest" });
  }, [changedMeanwhile, failure]);

  const dirty = changedParts(form.getInitialValues(), values).size > 0 || values.reason.trim() !== "";
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: async (next: EntryFormValues) => {
      if (base) {
        await updateEntry(base.id, entryUpdateBody(form.getInitialValues(), next, base, zone));
        return false;
      }
      await createEntry(entryCreateBody(next, target.person.user_id, zone));
      return true;
    },
    onSuccess: (created) => onSaved(created),
    onError: (error) => {
      const stale = staleEntryOf(error);
      if (stale && base) {
        // Someone saved first: what they changed is shown; the manager's own changes stay in the form.
        const current = entryFormValues(stale, zone);
        const rebased = rebaseValues(form.getInitialValues(), form.getValues(), current);
        setBase(stale);
        form.setInitialValues({ ...current, reason: "" });
        form.setValues(rebased);
        form.clearErrors();
        setChangedMeanwhile(stale);
        return;
      }
      const fields = entryFieldErrors(apiFieldErrors(error));
      if (Object.keys(fields).length > 0) {
        for (const [field, key] of Object.entries(fields)) form.setFieldError(field, key);
        if (fields.user_id || fields.breaks) setFailure(codeText("validation_failed"));
        focusFirstError(formRef.current);
        return;
      }
      setFailure(failureText(error, "The time entry could not be saved", { not_found: t("editor.gone") }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    const mode = base
      ? ({ kind: "edit", initial: form.getInitialValues(), base } as const)
      : ({ kind: "create", userId: target.person.user_id } as const);
    const errors = validateEntry(form.getValues(), zone, mode);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError(formRef.current);
      return;
    }
    save.mutate(form.getValues());
  };

  const field = (name: string) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };

  const jobOptions = useMemo(
    () =>
      sheet.jobs
        .filter((job) => !job.is_archived || job.id === (base?.job_id ?? null))
        .map((job) => ({
          value: job.id,
          label: job.is_archived ? t("editor.archivedJob", { name: job.name }) : job.name,
          disabled: job.is_archived,
        })),
    [sheet.jobs, base, t],
  );

  const length = typedLength(values, zone);
  const lengthText = length
    ? length.breakMinutes > 0
      ? t("editor.lengthWithBreaks", {
          length: formatDuration(length.minutes, language),
          breaks: formatDuration(length.breakMinutes, language),
          worked: formatDuration(length.workedMinutes, language),
        })
      : t("editor.length", { length: formatDuration(length.minutes, language) })
    : null;
  const wasOpen = base !== null && base.clock_out_at === null;
  const flagged =
    base !== null &&
    sheet.people.some((person) => person.sheet.entries.some((row) => row.id === base.id && row.flagged));
  const time = (instant: string) => formatInstant(instant, zone, language);

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="entry-editor">
      <Stack gap="md">
        <div ref={noticeRef} className={classes.notice}>
          {changedMeanwhile ? (
            <Alert
              variant="light"
              color="blue"
              role="status"
              title={t("editor.changedTitle")}
              icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}
              data-testid="entry-changed-meanwhile"
            >
              <Text size="sm">{t("editor.changedMessage")}</Text>
              <Text size="sm" mt={4}>
                {t("editor.currentVersion", {
                  in: time(changedMeanwhile.clock_in_at),
                  out: changedMeanwhile.clock_out_at ? time(changedMeanwhile.clock_out_at) : t("entries.ongoing"),
                })}
              </Text>
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
        </div>
        {flagged ? (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={20} stroke={1.75} aria-hidden="true" />}>
            {t("editor.flagged", { limit: formatDuration(sheet.settings.open_limit_minutes, language) })}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t("editor.zone", { zone: zone.replaceAll("_", " ") })}
          {base?.source === "punch" ? ` ${t("editor.punchedNote")}` : ""}
        </Text>

        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t("editor.clockIn")}</legend>
          <div className={classes.pair}>
            <TextInput type="date" label={t("editor.date")} required {...field("in_date")} />
            <TextInput
              type="time"
              label={t("editor.time")}
              required
              data-autofocus
              aria-describedby={lengthText ? lengthId : undefined}
              {...field("in_time")}
            />
          </div>
        </fieldset>
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t("editor.clockOut")}</legend>
          {wasOpen ? (
            <Text size="sm" c="dimmed" mb="xs">
              {t("editor.openHint")}
            </Text>
          ) : null}
          <div className={classes.pair}>
            <TextInput type="date" label={t("editor.date")} required={!wasOpen} {...field("out_date")} />
            <TextInput
              type="time"
              label={t("editor.time")}
              required={!wasOpen}
              aria-describedby={lengthText ? lengthId : undefined}
              {...field("out_time")}
            />
          </div>
        </fieldset>
        {lengthText ? (
          <Text id={lengthId} size="sm" c="dimmed" aria-live="polite">
            {lengthText}
          </Text>
        ) : null}

        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t("editor.breaks")}</legend>
          {values.breaks.length === 0 ? (
            <Text size="sm" c="dimmed" mb="xs">
              {t("editor.noBreaks")}
            </Text>
          ) : null}
          <Stack gap="xs">
            {values.breaks.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: breaks are edited in place by their position
              <div key={index} className={classes.breakRow}>
                <TextInput
                  type="time"
                  label={t("editor.breakStart", { number: index + 1 })}
                  {...field(`breaks.${index}.start`)}
                />
                <TextInput
                  type="time"
                  label={t("editor.breakEnd", { number: index + 1 })}
                  {...field(`breaks.${index}.end`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  className={classes.breakRemove}
                  aria-label={t("editor.removeBreak", { number: index + 1 })}
                  onClick={() => form.removeListItem("breaks", index)}
                >
                  <IconX size={16} stroke={1.75} aria-hidden="true" />
                </ActionIcon>
              </div>
            ))}
          </Stack>
          {values.breaks.length < BREAKS_MAX ? (
            <Button
              variant="subtle"
              size="xs"
              mt="xs"
              leftSection={<IconPlus size={14} stroke={2} aria-hidden="true" />}
              onClick={() => form.insertListItem("breaks", { start: "12:00", end: "12:30" })}
            >
              {t("editor.addBreak")}
            </Button>
          ) : null}
          {form.errors.breaks ? (
            <Text size="sm" c="red" role="alert">
              {message(form.errors.breaks)}
            </Text>
          ) : null}
        </fieldset>

        <Select
          label={t("editor.job")}
          placeholder={t("editor.noJob")}
          data={jobOptions}
          clearable
          searchable
          nothingFoundMessage={t("editor.nothingFound")}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          comboboxProps={{ withinPortal: true }}
          {...field("job_id")}
        />
        <Textarea
          label={t("editor.note")}
          autosize
          minRows={2}
          maxRows={4}
          maxLength={CLOCK_NOTE_MAX}
          {...field("note")}
        />
        <Textarea
          label={t("editor.reason")}
          description={t("editor.reasonHint")}
          required
          autosize
          minRows={2}
          maxRows={4}
          maxLength={CLOCK_REASON_MAX}
          {...field("reason")}
        />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t("editor.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {base ? t("editor.save") : t("editor.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
