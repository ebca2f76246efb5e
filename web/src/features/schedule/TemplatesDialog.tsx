import { ActionIcon, Button, Group, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CopyResult,
  type ScheduleBoard,
  type ScheduleTemplate,
  TEMPLATE_NAME_MAX,
  templateNameSchema,
  type WeekResponse,
} from "@workshift/contracts";
import { DateTime } from "luxon";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import classes from "./ScheduleEdit.module.css";
import { formatDateRange } from "./shift-text.ts";
import { useFailureText } from "./use-failure-text.ts";
import { applyTemplate, createTemplate, deleteTemplate, fetchTemplates } from "./week-actions-api.ts";

export type TemplatesMode = "save" | "apply";

interface TemplatesDialogProps {
  /** Which side is open: save this week under a name, or apply (and delete) saved ones; null when closed. */
  mode: TemplatesMode | null;
  week: WeekResponse;
  board: ScheduleBoard;
  onClose(): void;
  onSaved(template: ScheduleTemplate): void;
  onApplied(template: ScheduleTemplate, result: CopyResult): void;
}

/** A week saved by name, and applied to any week of the same board (as drafts). */
export function TemplatesDialog({ mode, week, board, onClose, onSaved, onApplied }: TemplatesDialogProps) {
  const { t } = useTranslation("scheduleEdit");
  const phone = useMediaQuery("(max-width: 47.99em)");
  /** The delete question over the list has Escape to itself. */
  const [nested, setNested] = useState(false);
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      closeOnEscape={!nested}
      title={mode === "apply" ? t("templates.applyTitle") : t("templates.saveTitle")}
      size="md"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
    >
      {mode === "save" ? <SaveTemplateForm week={week} board={board} onClose={onClose} onSaved={onSaved} /> : null}
      {mode === "apply" ? (
        <TemplateList week={week} board={board} onClose={onClose} onApplied={onApplied} onNestedDialog={setNested} />
      ) : null}
    </Modal>
  );
}

function SaveTemplateForm({
  week,
  board,
  onClose,
  onSaved,
}: Pick<TemplatesDialogProps, "week" | "board" | "onClose" | "onSaved">) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const failureText = useFailureText();
  const message = useFieldMessage();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shiftCount = week.shifts.filter((s) => s.board_id === board.id && s.status !== "deleted").length;

  const save = useMutation({
    mutationFn: () => createTemplate({ board_id: board.id, name: name.trim(), date: week.start_date }),
    onSuccess: (template) => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.templates(board.id) });
      onSaved(template);
    },
    onError: (failed) => {
      const key = apiFieldErrors(failed).name;
      if (key) {
        setError(key);
        return;
      }
      setFailure(failureText(failed, "The template could not be saved"));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    const checked = templateNameSchema.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "schedule.templateNameRequired");
      return;
    }
    setError(null);
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t("templates.saveIntro", {
            count: shiftCount,
            range: formatDateRange(week.start_date, week.end_date, i18n.resolvedLanguage),
          })}
        </Text>
        <TextInput
          label={t("templates.name")}
          placeholder={t("templates.namePlaceholder")}
          required
          maxLength={TEMPLATE_NAME_MAX + 10}
          data-autofocus
          value={name}
          error={message(error)}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
        />
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("templates.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TemplateList({
  week,
  board,
  onClose,
  onApplied,
  onNestedDialog,
}: Pick<TemplatesDialogProps, "week" | "board" | "onClose" | "onApplied"> & { onNestedDialog(open: boolean): void }) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ScheduleTemplate | null>(null);
  useEffect(() => {
    onNestedDialog(deleting !== null);
    return () => onNestedDialog(false);
  }, [deleting, onNestedDialog]);
  const templates = useQuery({
    queryKey: scheduleKeys.templates(board.id),
    queryFn: () => fetchTemplates(board.id),
    staleTime: 30_000,
  });

  const apply = useMutation({
    mutationFn: (template: ScheduleTemplate) => applyTemplate(template.id, week.start_date),
    onSuccess: (result, template) => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onApplied(template, result);
    },
    onError: (error) => setFailure(failureText(error, "The template could not be applied")),
  });
  const remove = useMutation({
    mutationFn: (template: ScheduleTemplate) => deleteTemplate(template.id),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.templates(board.id) });
    },
    onError: (error) => setFailure(failureText(error, "The template could not be deleted")),
  });

  const busy = apply.isPending || remove.isPending;
  const created = (template: ScheduleTemplate) =>
    DateTime.fromISO(template.created_at)
      .setLocale(i18n.resolvedLanguage ?? "en")
      .toLocaleString(DateTime.DATE_MED);

  let body: ReactNode;
  if (templates.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t("templates.loading")}</Text>
      </Group>
    );
  } else if (templates.isError) {
    body = (
      <ErrorAlert>
        <Stack gap="xs" align="flex-start">
          <span>{t("templates.loadFailed")}</span>
          <Button size="xs" variant="light" onClick={() => void templates.refetch()}>
            {t("dialog.retry")}
          </Button>
        </Stack>
      </ErrorAlert>
    );
  } else if (templates.data.length === 0) {
    body = <Text size="sm">{t("templates.empty")}</Text>;
  } else {
    body = (
      <ul className={classes.templateList} aria-label={t("templates.listLabel")}>
        {templates.data.map((template) => (
          <li key={template.id} className={classes.templateRow}>
            <div className={classes.templateName}>
              <Text fw={600} size="sm">
                {template.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t("templates.details", { count: template.shift_count, date: created(template) })}
              </Text>
            </div>
            <Button
              size="xs"
              onClick={() => {
                setFailure(null);
                apply.mutate(template);
              }}
              loading={apply.isPending && apply.variables?.id === template.id}
              disabled={busy}
              aria-label={t("templates.applyNamed", { name: template.name })}
            >
              {t("templates.apply")}
            </Button>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => {
                setFailure(null);
                setDeleting(template);
              }}
              disabled={busy}
              aria-label={t("templates.deleteNamed", { name: template.name })}
            >
              <IconTrash size={18} stroke={1.75} aria-hidden="true" />
            </ActionIcon>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        {t("templates.applyIntro", { range: formatDateRange(week.start_date, week.end_date, i18n.resolvedLanguage) })}
      </Text>
      {body}
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={apply.isPending}>
          {t("dialog.close")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("templates.deleteTitle")}
        message={t("templates.deleteMessage", { name: deleting?.name ?? "" })}
        confirmLabel={t("templates.deleteConfirm")}
        cancelLabel={t("dialog.cancel")}
        danger
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
