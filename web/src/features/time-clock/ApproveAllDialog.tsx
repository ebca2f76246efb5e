import { Alert, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { BulkApprovalResponse, TimesheetPerson } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { formatCount, formatPeriod } from "./clock-format.ts";
import { approvePeriods } from "./time-clock-api.ts";
import { useFailureText } from "./use-failure-text.ts";

interface ApproveAllDialogProps {
  opened: boolean;
  /** Who is ready (readyToApprove): settled time, no approval yet, theirs to approve. */
  people: readonly TimesheetPerson[];
  /** How many others still have open or flagged entries (they stay as they are). */
  waiting: number;
  period: { start: string; end: string };
  /** The period's last day has not ended yet (today is in it). */
  ongoing: boolean;
  onClose(): void;
  onDone(result: BulkApprovalResponse): void;
}

/** Approves every ready timesheet of the period in one request, after saying how many and what it locks. */
export function ApproveAllDialog({ opened, people, waiting, period, ongoing, onClose, onDone }: ApproveAllDialogProps) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setFailure(null);
  }, [opened]);

  const approve = useMutation({
    mutationFn: () => approvePeriods({ period_start: period.start, user_ids: people.map((person) => person.user_id) }),
    onSuccess: onDone,
    onError: (error) => setFailure(failureText(error, "The timesheets could not be approved")),
  });

  const count = people.length;
  return (
    <ConfirmDialog
      opened={opened}
      title={t("approveAll.title", { count, formatted: formatCount(count, language) })}
      message={
        <Stack gap="xs" mb="md">
          <Text size="sm">{t("approveAll.message", { period: formatPeriod(period.start, period.end, language) })}</Text>
          {ongoing ? (
            <Alert
              variant="light"
              color="yellow"
              icon={<IconAlertTriangle size={18} stroke={1.75} aria-hidden="true" />}
            >
              {t("approveAll.ongoing")}
            </Alert>
          ) : null}
          {waiting > 0 ? (
            <Text size="sm" c="dimmed">
              {t("approveAll.waiting", { count: waiting, formatted: formatCount(waiting, language) })}
            </Text>
          ) : null}
        </Stack>
      }
      confirmLabel={t("approveAll.confirm", { count, formatted: formatCount(count, language) })}
      cancelLabel={t("editor.cancel")}
      loading={approve.isPending}
      confirmDisabled={count === 0}
      failure={failure}
      onConfirm={() => approve.mutate()}
      onCancel={onClose}
    />
  );
}
