import { Checkbox, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { type AvailabilityKind, type AvailabilityRule, availabilityKinds, compareDates } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { isBoardDate } from "../../../lib/board-url.ts";
import { useProblemText } from "../../../lib/problem-text.ts";
import { useRequestActions } from "../requests/use-request-actions.ts";
import { AskModal } from "../shifts/AskModal.tsx";
import classes from "./Availability.module.css";
import {
  type ExceptionDraft,
  exceptionChange,
  sameWeek,
  type WeekDraft,
  weekFromRules,
  weeklyChange,
  weekProblems,
  windowProblems,
} from "./availability-pattern.ts";
import { WeekEditor } from "./WeekEditor.tsx";

type Mode = "weekly" | "exception";

/**
 * Asking for a new availability: a weekly pattern from a date (it starts as
 * the pattern that holds then), or one date's exception. Whether a manager
 * must agree is the organization's choice; the answer says which.
 */
export function AvailabilityModal({
  rules,
  today,
  zone,
  organizationId,
  onClose,
  onDone,
}: {
  rules: readonly AvailabilityRule[];
  /** Today in the organization's zone: changes hold from then on. */
  today: string;
  zone: string;
  organizationId: string;
  onClose(): void;
  onDone(text: string): void;
}) {
  const { t } = useTranslation("my");
  const message = useFieldMessage();
  const problemText = useProblemText();
  const { create } = useRequestActions(organizationId);
  const [mode, setMode] = useState<Mode>("weekly");
  const [from, setFrom] = useState(today);
  const [week, setWeek] = useState<WeekDraft>(() => weekFromRules(rules, today));
  const [exception, setException] = useState<ExceptionDraft>({
    date: today,
    kind: "unavailable",
    wholeDay: true,
    start: "09:00",
    end: "17:00",
  });
  const [note, setNote] = useState("");
  const [checked, setChecked] = useState(false);

  const dateProblem = (date: string): "invalid" | "past" | undefined =>
    !isBoardDate(date) ? "invalid" : compareDates(date, today) < 0 ? "past" : undefined;
  const fromProblem = dateProblem(from);
  const weekErrors = weekProblems(week);
  const exceptionDateProblem = dateProblem(exception.date);
  const exceptionErrors = windowProblems(exception);
  const valid =
    mode === "weekly"
      ? !fromProblem && Object.keys(weekErrors).length === 0
      : !exceptionDateProblem && Object.keys(exceptionErrors).length === 0;
  const shown = (problems: Record<string, string>) => (checked ? problems : {});

  /** Moving the date re-reads the pattern that holds then, unless the week was already edited. */
  const moveFrom = (date: string) => {
    if (isBoardDate(date) && sameWeek(week, weekFromRules(rules, isBoardDate(from) ? from : today))) {
      setWeek(weekFromRules(rules, date));
    }
    setFrom(date);
  };

  const submit = () => {
    setChecked(true);
    if (!valid) return;
    const change = mode === "weekly" ? weeklyChange(week, from) : exceptionChange(exception);
    create.mutate(
      { kind: "availability", change, note: note.trim() || null },
      {
        onSuccess: (request) =>
          onDone(request.status === "approved" ? t("availability.doneApproved") : t("availability.doneWaiting")),
      },
    );
  };

  const dateError = (problem: "invalid" | "past" | undefined) =>
    problem === "past"
      ? t("availability.editor.datePast")
      : problem === "invalid"
        ? t("availability.editor.dateInvalid")
        : undefined;

  return (
    <AskModal
      opened
      title={t("availability.editor.title")}
      note={{ value: note, onChange: setNote }}
      submitLabel={t("availability.editor.submit")}
      busy={create.isPending}
      failure={
        create.isError ? problemText(create.error, { logAs: "An availability change could not be asked" }) : null
      }
      onSubmit={submit}
      onClose={onClose}
      data-testid="my-availability-editor"
    >
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(value) => setMode(value === "exception" ? "exception" : "weekly")}
        data={[
          { value: "weekly", label: t("availability.editor.weekly") },
          { value: "exception", label: t("availability.editor.exception") },
        ]}
        aria-label={t("availability.editor.what")}
      />
      <Text size="sm" c="dimmed">
        {mode === "weekly" ? t("availability.editor.weeklyHint") : t("availability.editor.exceptionHint")}{" "}
        {t("availability.editor.midnight")} {t("availability.editor.zone", { zone: zone.replaceAll("_", " ") })}
      </Text>
      {mode === "weekly" ? (
        <Stack gap="md">
          <TextInput
            type="date"
            label={t("availability.editor.effectiveFrom")}
            description={t("availability.editor.effectiveFromHint")}
            min={today}
            required
            value={from}
            error={checked ? dateError(fromProblem) : undefined}
            onChange={(event) => moveFrom(event.currentTarget.value)}
          />
          <WeekEditor week={week} problems={shown(weekErrors)} onChange={setWeek} />
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput
            type="date"
            label={t("availability.editor.date")}
            min={today}
            required
            value={exception.date}
            error={checked ? dateError(exceptionDateProblem) : undefined}
            onChange={(event) => setException({ ...exception, date: event.currentTarget.value })}
          />
          <NativeSelect
            label={t("availability.editor.kind")}
            value={exception.kind}
            data={availabilityKinds.map((kind) => ({ value: kind, label: t(`availability.kinds.${kind}`) }))}
            onChange={(event) => setException({ ...exception, kind: event.currentTarget.value as AvailabilityKind })}
          />
          <Checkbox
            label={t("availability.editor.wholeDay")}
            checked={exception.wholeDay}
            onChange={(event) => setException({ ...exception, wholeDay: event.currentTarget.checked })}
          />
          {exception.wholeDay ? null : (
            <Group grow align="flex-start" className={classes.plain}>
              <TextInput
                type="time"
                label={t("availability.editor.from")}
                value={exception.start}
                error={message(shown(exceptionErrors).start)}
                onChange={(event) => setException({ ...exception, start: event.currentTarget.value })}
              />
              <TextInput
                type="time"
                label={t("availability.editor.to")}
                value={exception.end}
                error={message(shown(exceptionErrors).end)}
                onChange={(event) => setException({ ...exception, end: event.currentTarget.value })}
              />
            </Group>
          )}
        </Stack>
      )}
    </AskModal>
  );
}
