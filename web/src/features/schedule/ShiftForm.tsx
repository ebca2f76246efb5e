import { Alert, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconInfoCircle } from "@tabler/icons-react";
import { SHIFT_MINUTES_MAX, SHIFT_NOTE_MAX, type Shift, type WeekResponse } from "@workshift/contracts";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import classes from "./ScheduleEdit.module.css";
import { ShiftCheckResult } from "./ShiftCheckResult.tsx";
import { ShiftFormActions } from "./ShiftFormActions.tsx";
import { ShiftRepeatFields } from "./ShiftRepeatFields.tsx";
import { ShiftRequestsLine } from "./ShiftRequestsLine.tsx";
import { ShiftStatusLine } from "./ShiftStatusLine.tsx";
import type { ShiftDraft } from "./schedule-types.ts";
import {
  acrossClockChange,
  formatDuration,
  repeatCount,
  type ShiftFormValues,
  shiftFormValues,
  shiftLength,
  validateShift,
  zoneOf,
} from "./shift-form.ts";
import { useShiftCheck } from "./use-shift-check.ts";
import { useShiftOptions } from "./use-shift-options.ts";
import { useShiftWrites } from "./use-shift-writes.ts";

/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;

interface ShiftFormProps {
  week: WeekResponse;
  draft: ShiftDraft;
  readOnly: boolean;
  onDirtyChange(dirty: boolean): void;
  /** Saved (the shift's id) or deleted. */
  onDone(shiftId?: string): void;
  onCancel(): void;
  onNestedDialog(open: boolean): void;
}

/** The shift editor's form: board, times, break, job, person, note and repeat, checked live as it is typed. */
export function ShiftForm({ week, draft, readOnly, onDirtyChange, onDone, onCancel, onNestedDialog }: ShiftFormProps) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const language = i18n.resolvedLanguage;
  const message = useFieldMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { length: useId() };
  const overlapId = useId();

  /** The version being edited: the opened shift, or the current one a 409 brought back. */
  const [base, setBase] = useState<Shift | null>(draft.shift ?? null);
  const form = useForm<ShiftFormValues>({
    mode: "controlled",
    initialValues: shiftFormValues(week, draft),
    validate: (values) => validateShift(values, week, base),
  });
  const values = form.values;
  const { boardOptions, personOptions, jobOptions, jobsById, nameOf } = useShiftOptions(week, base);
  const boardShown = boardOptions.length > 1 || values.board_id === null;
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty && !readOnly), [dirty, readOnly, onDirtyChange]);

  const zone = zoneOf(week, values.board_id);
  const length = shiftLength(values, zone);
  const count = base ? 1 : repeatCount(values);

  const check = useShiftCheck({ values, week, base, zone, readOnly });
  const writes = useShiftWrites({ week, form, base, setBase, zone, boardShown, readOnly, formRef, onDone });
  const { save, remove, failure, notice, refusal, confirmingDelete, setConfirmingDelete } = writes;
  useEffect(() => onNestedDialog(confirmingDelete), [confirmingDelete, onNestedDialog]);
  const liveOverlap = check.checked?.overlap ?? null;
  const overlap = liveOverlap ?? refusal?.shift ?? null;
  const blocked = (check.current && liveOverlap !== null) || refusal !== null;

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

  const status = base ? <ShiftStatusLine week={week} shift={base} nameOf={nameOf} /> : null;

  return (
    <form ref={formRef} onSubmit={(event) => writes.submit(event, blocked)} noValidate data-testid="shift-editor">
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
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {status}
        {base ? <ShiftRequestsLine week={week} shift={base} /> : null}

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
            // Choosing the job already chosen keeps it; the clear button (×) is how it is taken away.
            allowDeselect={false}
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

        {!base && !readOnly ? <ShiftRepeatFields form={form} week={week} count={count} field={field} /> : null}

        {!readOnly ? (
          <ShiftCheckResult
            week={week}
            date={values.date}
            overlap={overlap}
            checked={check.checked}
            checking={check.checking}
            overlapId={overlapId}
            failed={check.failed}
            blocked={blocked}
            nameOf={nameOf}
          />
        ) : null}

        <ShiftFormActions
          readOnly={readOnly}
          canDelete={base !== null && !readOnly}
          saveLabel={
            base
              ? t("editor.save")
              : count !== null && count > 1
                ? t("editor.createMany", { count })
                : t("editor.create")
          }
          saving={save.isPending}
          deleting={remove.isPending}
          blocked={blocked}
          blockedReasonId={blocked && overlap ? overlapId : undefined}
          onDelete={() => setConfirmingDelete(true)}
          onClose={readOnly ? () => onDone() : onCancel}
        />
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
