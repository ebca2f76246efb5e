import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScheduleBoard, WeekResponse } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { useFailureText } from "./use-failure-text.ts";
import { draftCount } from "./week-actions.ts";
import { clearDrafts } from "./week-actions-api.ts";

interface ClearDraftsDialogProps {
  opened: boolean;
  week: WeekResponse;
  board: ScheduleBoard;
  onClose(): void;
  onCleared(count: number): void;
}

/** Removes the week's never-published shifts on one board, after saying how many; published ones stay. */
export function ClearDraftsDialog({ opened, week, board, onClose, onCleared }: ClearDraftsDialogProps) {
  const { t } = useTranslation("scheduleEdit");
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const count = draftCount(week, board.id);

  const clear = useMutation({
    mutationFn: () => clearDrafts({ board_id: board.id, date: week.start_date }),
    onSuccess: (cleared) => {
      setFailure(null);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onCleared(cleared);
    },
    onError: (error) => {
      setFailure(failureText(error, "The drafts could not be cleared"));
    },
  });

  return (
    <ConfirmDialog
      opened={opened}
      title={t("clear.title")}
      message={count === 0 ? t("clear.nothing") : t("clear.message", { count })}
      confirmLabel={t("clear.confirm")}
      cancelLabel={t("dialog.cancel")}
      danger
      loading={clear.isPending}
      confirmDisabled={count === 0}
      failure={failure}
      onConfirm={() => clear.mutate()}
      onCancel={() => {
        setFailure(null);
        onClose();
      }}
    />
  );
}
