import { NativeSelect, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import type { LeaveType, Request } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../../lib/api-error.ts";
import { useProblemText } from "../../../lib/problem-text.ts";
import { useRequestActions } from "../requests/use-request-actions.ts";
import { AskModal } from "../shifts/AskModal.tsx";
import classes from "./TimeOff.module.css";
import { TimeOffPreview } from "./TimeOffPreview.tsx";
import { askBody, formProblems, initialValues, previewFields, type TimeOffValues, withFrom } from "./time-off-form.ts";
import { useTimeOffPreview } from "./use-time-off-preview.ts";

/** The API's field names → the form's (a part's times are under `part`). */
function formFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, key] of Object.entries(fields)) {
    const field = path === "part.start" ? "start" : path.startsWith("part") ? "end" : path;
    out[field] ??= key;
  }
  return out;
}

/**
 * "Ask for time off": a type, whole days (first and last) or part of one day
 * (from–to), a note; what it would take is shown as it changes. The days and
 * times are the person's own zone's (the server's answer names it).
 */
export function TimeOffAskModal({
  organizationId,
  types,
  today,
  zone,
  onClose,
  onDone,
}: {
  organizationId: string;
  types: readonly LeaveType[];
  /** Today in the person's zone (asking starts from tomorrow, today may be chosen). */
  today: string;
  zone: string;
  onClose(): void;
  onDone(request: Request): void;
}) {
  const { t } = useTranslation("my");
  const message = useFieldMessage();
  const problemText = useProblemText();
  const { create } = useRequestActions(organizationId);
  const active = types.filter((type) => !type.archived);
  const [values, setValues] = useState<TimeOffValues>(() => initialValues(active, today));
  const [checked, setChecked] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const fields = previewFields(values);
  const preview = useTimeOffPreview(organizationId, fields);
  const problems = { ...formProblems(values), ...serverFields };
  const shown = (field: string) => message(checked || field === "to" || field === "end" ? problems[field] : undefined);
  const blocked = preview.current && (preview.preview?.blockers.length ?? 0) > 0;

  const set = (next: TimeOffValues) => {
    setValues(next);
    setServerFields({});
    if (create.isError) create.reset();
  };

  const submit = () => {
    setChecked(true);
    if (Object.keys(formProblems(values)).length > 0 || blocked) return;
    create.mutate(askBody(values), {
      onSuccess: onDone,
      onError: (error) => setServerFields(formFieldErrors(apiFieldErrors(error))),
    });
  };

  return (
    <AskModal
      opened
      title={t("timeOff.ask.title")}
      note={{ value: values.note, onChange: (note) => set({ ...values, note }), hint: t("timeOff.ask.noteHint") }}
      submitLabel={t("timeOff.ask.submit")}
      submitDisabled={active.length === 0 || blocked}
      busy={create.isPending}
      failure={
        create.isError && Object.keys(apiFieldErrors(create.error)).length === 0
          ? problemText(create.error, { logAs: "Time off could not be asked" })
          : null
      }
      onSubmit={submit}
      onClose={onClose}
      data-testid="my-time-off-ask"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("timeOff.ask.zone", { zone: zone.replaceAll("_", " ") })}
        </Text>
        <NativeSelect
          label={t("timeOff.ask.type")}
          required
          data={active.map((type) => ({ value: type.id, label: type.name }))}
          value={values.leave_type_id}
          error={shown("leave_type_id")}
          onChange={(event) => set({ ...values, leave_type_id: event.currentTarget.value })}
          data-autofocus
          data-testid="time-off-type"
        />
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t("timeOff.ask.length")}</legend>
          <SegmentedControl
            fullWidth
            value={values.part ? "part" : "days"}
            onChange={(value) => set({ ...values, part: value === "part", to: values.from })}
            data={[
              { value: "days", label: t("timeOff.ask.wholeDays") },
              { value: "part", label: t("timeOff.ask.partDay") },
            ]}
            data-testid="time-off-length"
          />
        </fieldset>
        <div className={classes.pair}>
          <TextInput
            type="date"
            label={values.part ? t("timeOff.ask.day") : t("timeOff.ask.from")}
            required
            min={today}
            value={values.from}
            error={shown("from")}
            onChange={(event) => set(withFrom(values, event.currentTarget.value))}
            data-testid="time-off-from"
          />
          {values.part ? null : (
            <TextInput
              type="date"
              label={t("timeOff.ask.to")}
              required
              min={values.from || today}
              value={values.to}
              error={shown("to")}
              onChange={(event) => set({ ...values, to: event.currentTarget.value })}
              data-testid="time-off-to"
            />
          )}
        </div>
        {values.part ? (
          <div className={classes.pair}>
            <TextInput
              type="time"
              label={t("timeOff.ask.start")}
              required
              value={values.start}
              error={shown("start")}
              onChange={(event) => set({ ...values, start: event.currentTarget.value })}
              data-testid="time-off-start"
            />
            <TextInput
              type="time"
              label={t("timeOff.ask.end")}
              required
              value={values.end}
              error={shown("end")}
              onChange={(event) => set({ ...values, end: event.currentTarget.value })}
              data-testid="time-off-end"
            />
          </div>
        ) : null}
        <TimeOffPreview state={preview} ready={fields !== null} />
      </Stack>
    </AskModal>
  );
}
