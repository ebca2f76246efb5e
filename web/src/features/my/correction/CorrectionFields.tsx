import { ActionIcon, Button, NativeSelect, Stack, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type MyEntriesResponse, REQUEST_REASON_MAX } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { LengthHint } from "../../../components/LengthHint/LengthHint.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import classes from "./Correction.module.css";
import type { CorrectionValues } from "./correction-form.ts";

/**
 * The entry as it should be: clock-in and clock-out (dates and times in the
 * entry's zone), the breaks, the job, and why (required: the manager reads it).
 */
export function CorrectionFields({
  values,
  jobs,
  zone,
  missed,
  problems,
  onChange,
}: {
  values: CorrectionValues;
  jobs: MyEntriesResponse["jobs"];
  zone: string;
  /** A missed entry (added), not an entry corrected. */
  missed: boolean;
  problems: Record<string, string>;
  onChange(values: CorrectionValues): void;
}) {
  const { t } = useTranslation("my");
  const message = useFieldMessage();
  const set = (change: Partial<CorrectionValues>) => onChange({ ...values, ...change });
  const setBreak = (at: number, change: Partial<CorrectionValues["breaks"][number]>) =>
    set({ breaks: values.breaks.map((item, index) => (index === at ? { ...item, ...change } : item)) });
  const jobChoices = [
    { value: "", label: t("correction.noJob") },
    ...jobs.map((job) => ({ value: job.id, label: job.name })),
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {missed ? t("correction.missedIntro") : t("correction.fixIntro")}{" "}
        {t("correction.zone", { zone: zone.replaceAll("_", " ") })}
      </Text>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t("correction.clockIn")}</legend>
        <div className={classes.pair}>
          <TextInput
            type="date"
            label={t("correction.date")}
            required
            value={values.in_date}
            error={message(problems.in_date)}
            onChange={(event) => set({ in_date: event.currentTarget.value })}
          />
          <TextInput
            type="time"
            label={t("correction.time")}
            required
            value={values.in_time}
            error={message(problems.in_time)}
            onChange={(event) => set({ in_time: event.currentTarget.value })}
          />
        </div>
      </fieldset>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t("correction.clockOut")}</legend>
        <div className={classes.pair}>
          <TextInput
            type="date"
            label={t("correction.date")}
            required
            value={values.out_date}
            error={message(problems.out_date)}
            onChange={(event) => set({ out_date: event.currentTarget.value })}
          />
          <TextInput
            type="time"
            label={t("correction.time")}
            required
            value={values.out_time}
            error={message(problems.out_time)}
            onChange={(event) => set({ out_time: event.currentTarget.value })}
          />
        </div>
      </fieldset>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t("correction.breaksTitle")}</legend>
        <Stack gap="xs">
          {values.breaks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("correction.noBreaks")}
            </Text>
          ) : null}
          {values.breaks.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: breaks have no identity of their own; the index is their place
            <div key={index} className={classes.breakRow}>
              <TextInput
                type="time"
                label={t("correction.breakStart", { number: index + 1 })}
                value={item.start}
                error={message(problems[`breaks.${index}.start`])}
                onChange={(event) => setBreak(index, { start: event.currentTarget.value })}
              />
              <TextInput
                type="time"
                label={t("correction.breakEnd", { number: index + 1 })}
                value={item.end}
                error={message(problems[`breaks.${index}.end`])}
                onChange={(event) => setBreak(index, { end: event.currentTarget.value })}
              />
              <Tooltip label={t("correction.removeBreak", { number: index + 1 })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  aria-label={t("correction.removeBreak", { number: index + 1 })}
                  onClick={() => set({ breaks: values.breaks.filter((_, other) => other !== index) })}
                >
                  <IconTrash size={20} stroke={1.75} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </div>
          ))}
          {problems.breaks ? (
            <Text c="red.8" size="sm" role="alert">
              {message(problems.breaks)}
            </Text>
          ) : null}
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconPlus size={16} stroke={1.75} aria-hidden="true" />}
            onClick={() => set({ breaks: [...values.breaks, { start: "12:00", end: "12:30" }] })}
          >
            {t("correction.addBreak")}
          </Button>
        </Stack>
      </fieldset>
      <NativeSelect
        label={t("correction.job")}
        data={jobChoices}
        value={values.job_id ?? ""}
        error={message(problems.job_id)}
        onChange={(event) => set({ job_id: event.currentTarget.value || null })}
      />
      <Textarea
        label={t("correction.reason")}
        description={
          <LengthHint
            hint={t("correction.reasonHint")}
            length={values.reason.trim().length}
            max={REQUEST_REASON_MAX}
            text={(used, max) => t("ask.length", { used, max })}
          />
        }
        required
        autosize
        minRows={2}
        maxRows={5}
        value={values.reason}
        // Too long says so as it happens; the other rules once sending was tried.
        error={message(
          problems.reason ?? (values.reason.trim().length > REQUEST_REASON_MAX ? "requests.reasonTooLong" : undefined),
        )}
        onChange={(event) => set({ reason: event.currentTarget.value })}
      />
    </Stack>
  );
}
