import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import { CLOCK_NOTE_MAX, type TimesheetResponse } from "@workshift/contracts";
import { useEffect, useId, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { formatDuration, formatInstant } from "./clock-format.ts";
import { EntryBreaksField } from "./EntryBreaksField.tsx";
import { EntryNotices } from "./EntryNotices.tsx";
import { changedParts, type EntryFormValues, entryFormValues, newEntryValues, typedLength } from "./entry-form.ts";
import { type EntryEditorTarget, isFlagged, zoneOf } from "./entry-target.ts";
import { ReasonField } from "./ReasonField.tsx";
import classes from "./TimeClock.module.css";
import { useEntrySave } from "./use-entry-save.ts";

/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;

/** The entry editor's form: the times, breaks, job, note and reason, checked before it is saved. */
export function EntryForm({
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
  const formRef = useRef<HTMLFormElement>(null);
  const lengthId = useId();

  const zone = zoneOf(sheet, target);
  const form = useForm<EntryFormValues>({
    mode: "controlled",
    initialValues:
      target.kind === "edit" ? entryFormValues(target.entry, zone) : newEntryValues(target.date, target.jobId),
  });
  const values = form.values;
  const { submit, save, base, failure, changedMeanwhile } = useEntrySave({ target, form, zone, formRef, onSaved });

  const dirty = changedParts(form.getInitialValues(), values).size > 0 || values.reason.trim() !== "";
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

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
  const flagged = base !== null && isFlagged(sheet, base.id);
  const time = (instant: string) => formatInstant(instant, zone, language);

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="entry-editor">
      <Stack gap="md">
        <EntryNotices changedMeanwhile={changedMeanwhile} failure={failure} time={time} />
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

        <EntryBreaksField form={form} field={field} />

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
        <ReasonField {...field("reason")} />

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
