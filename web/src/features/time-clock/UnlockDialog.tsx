import { useMutation } from "@tanstack/react-query";
import type { TimesheetPerson } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { formatPeriod } from "./clock-format.ts";
import { isolate, personName } from "./live-status.ts";
import { ReasonMessage } from "./ReasonMessage.tsx";
import { unlockPeriod } from "./time-clock-api.ts";
import { useFailureText } from "./use-failure-text.ts";

/** Unlock a person's approved period (its entries can be changed again), with the reason the audit keeps. */
export function UnlockDialog({
  person,
  period,
  onClose,
  onUnlocked,
}: {
  person: TimesheetPerson | null;
  period: { start: string; end: string };
  onClose(): void;
  onUnlocked(person: TimesheetPerson): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const failureText = useFailureText();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const userId = person?.user_id;
  useEffect(() => {
    if (userId) {
      setReason("");
      setReasonError(null);
      setFailure(null);
    }
  }, [userId]);

  const unlock = useMutation({
    mutationFn: (who: TimesheetPerson) =>
      unlockPeriod({ user_id: who.user_id, period_start: period.start, reason: reason.trim() }),
    onSuccess: (_, who) => onUnlocked(who),
    onError: (error) => {
      const fields = apiFieldErrors(error);
      if (fields.reason) {
        setReasonError(fields.reason);
        return;
      }
      setFailure(failureText(error, "The period could not be unlocked"));
    },
  });

  const name = person ? isolate(personName(person) || t("unnamed")) : "";
  return (
    <ConfirmDialog
      opened={person !== null}
      title={t("unlock.title", { name })}
      message={
        <ReasonMessage
          message={t("unlock.message", { period: formatPeriod(period.start, period.end, i18n.resolvedLanguage) })}
          reason={reason}
          error={reasonError}
          onChange={(value) => {
            setReason(value);
            setReasonError(null);
          }}
        />
      }
      confirmLabel={t("unlock.confirm")}
      cancelLabel={t("editor.cancel")}
      loading={unlock.isPending}
      confirmDisabled={reason.trim() === ""}
      failure={failure}
      onConfirm={() => {
        if (person) unlock.mutate(person);
      }}
      onCancel={onClose}
    />
  );
}
