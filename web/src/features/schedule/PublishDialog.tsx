import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublishRequest, PublishResponse, WeekResponse } from "@workshift/contracts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import classes from "./ScheduleEdit.module.css";
import { formatDateRange } from "./shift-text.ts";
import { useFailureText } from "./use-failure-text.ts";
import { publishSummary } from "./week-actions.ts";
import { publishWeek } from "./week-actions-api.ts";

interface PublishDialogProps {
  opened: boolean;
  week: WeekResponse;
  scope: string;
  date: string;
  /** The chosen shifts, or empty for the whole week of the scope. */
  selectedIds: string[];
  onClose(): void;
  onPublished(result: PublishResponse, selection: boolean): void;
}

/**
 * Confirms a publish with what it will do (new, changed, removed shifts and
 * how many people are told) before POST /api/schedule/publish, which is all
 * or nothing.
 */
export function PublishDialog({ opened, week, scope, date, selectedIds, onClose, onPublished }: PublishDialogProps) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const failureText = useFailureText();
  const phone = useMediaQuery("(max-width: 47.99em)");
  const queryClient = useQueryClient();
  const selection = selectedIds.length > 0;
  const summary = useMemo(() => publishSummary(week, selection ? selectedIds : null), [week, selection, selectedIds]);
  const [failure, setFailure] = useState<string | null>(null);

  const publish = useMutation({
    mutationFn: () => {
      const body: PublishRequest = selection ? { ids: selectedIds } : { board: scope, date };
      return publishWeek(body);
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onPublished(result, selection);
    },
    onError: (error) => {
      setFailure(failureText(error, "The week could not be published"));
    },
  });

  const close = () => {
    if (publish.isPending) return;
    setFailure(null);
    onClose();
  };
  const range = formatDateRange(week.start_date, week.end_date, i18n.resolvedLanguage);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={selection ? t("publish.titleSelected", { count: selectedIds.length }) : t("publish.title", { range })}
      size="md"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
    >
      <Stack gap="md">
        {summary.total === 0 ? (
          <Text>{t("publish.nothing")}</Text>
        ) : (
          <>
            <Text>{t("publish.intro")}</Text>
            <dl className={classes.summary}>
              {summary.added > 0 ? (
                <>
                  <dt>{summary.added}</dt>
                  <dd>{t("publish.added", { count: summary.added })}</dd>
                </>
              ) : null}
              {summary.changed > 0 ? (
                <>
                  <dt>{summary.changed}</dt>
                  <dd>{t("publish.changed", { count: summary.changed })}</dd>
                </>
              ) : null}
              {summary.removed > 0 ? (
                <>
                  <dt>{summary.removed}</dt>
                  <dd>{t("publish.removed", { count: summary.removed })}</dd>
                </>
              ) : null}
              <dt>{summary.people}</dt>
              <dd>{t("publish.people", { count: summary.people })}</dd>
            </dl>
            <Text size="sm" c="dimmed">
              {t("publish.how")}
            </Text>
          </>
        )}
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={publish.isPending}>
            {t("dialog.cancel")}
          </Button>
          <Button
            onClick={() => {
              setFailure(null);
              publish.mutate();
            }}
            loading={publish.isPending}
            disabled={summary.total === 0}
            data-autofocus
          >
            {t("publish.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
