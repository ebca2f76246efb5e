import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CopyResult, type ScheduleBoard, type WeekResponse, weekOf } from "@workshift/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { isDate } from "./shift-form.ts";
import { formatDateRange } from "./shift-text.ts";
import { useFailureText } from "./use-failure-text.ts";
import { previousWeekDate } from "./week-actions.ts";
import { copyWeek } from "./week-actions-api.ts";

interface CopyWeekDialogProps {
  opened: boolean;
  week: WeekResponse;
  board: ScheduleBoard;
  onClose(): void;
  onCopied(result: CopyResult): void;
}

/** Copies every shift of another week (the previous one unless another day is chosen) into this one, as drafts. */
export function CopyWeekDialog({ opened, week, board, onClose, onCopied }: CopyWeekDialogProps) {
  const { t } = useTranslation("scheduleEdit");
  const phone = useMediaQuery("(max-width: 47.99em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("copy.title")}
      size="md"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
    >
      {opened ? <CopyWeekForm week={week} board={board} onClose={onClose} onCopied={onCopied} /> : null}
    </Modal>
  );
}

function CopyWeekForm({ week, board, onClose, onCopied }: Omit<CopyWeekDialogProps, "opened">) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const failureText = useFailureText();
  const message = useFieldMessage();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(() => previousWeekDate(week));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const language = i18n.resolvedLanguage;

  const source = isDate(from) ? weekOf(from, board.time_zone, board.week_start) : null;
  const sameWeek = source?.startDate === week.start_date;

  const copy = useMutation({
    mutationFn: () => copyWeek({ board_id: board.id, from, to: week.start_date }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onCopied(result);
    },
    onError: (failed) => {
      const fields = apiFieldErrors(failed);
      const key = fields.from ?? fields.to ?? Object.values(fields)[0];
      if (key) {
        setError(key);
        return;
      }
      setFailure(failureText(failed, "The week could not be copied"));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (copy.isPending) return;
    setFailure(null);
    if (!source) return setError(from ? "schedule.dateInvalid" : "schedule.dateRequired");
    if (sameWeek) return setError("schedule.sameWeek");
    setError(null);
    copy.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("copy.intro", { range: formatDateRange(week.start_date, week.end_date, language) })}</Text>
        <TextInput
          type="date"
          label={t("copy.from")}
          description={
            source
              ? t("copy.fromWeek", { range: formatDateRange(source.startDate, source.endDate, language) })
              : undefined
          }
          required
          data-autofocus
          value={from}
          error={message(error ?? (sameWeek ? "schedule.sameWeek" : null))}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
            setError(null);
          }}
        />
        <Text size="sm" c="dimmed">
          {t("copy.skipped")}
        </Text>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={copy.isPending}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" loading={copy.isPending} disabled={sameWeek}>
            {t("copy.confirm")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
