import { useMutation } from "@tanstack/react-query";
import type { TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { formatInstant } from "./clock-format.ts";
import { entryZone } from "./entry-target.ts";
import { isolate, personName } from "./live-status.ts";
import { ReasonMessage } from "./ReasonMessage.tsx";
import { deleteEntry, staleEntryOf } from "./time-clock-api.ts";
import { useFailureText } from "./use-failure-text.ts";

/**
 * Delete an entry (a duplicate, a shift never worked), with the reason its
 * history keeps: the version read goes with it, so a change made meanwhile
 * is not deleted unseen.
 */
export function DeleteEntryDialog({
  target,
  sheet,
  onClose,
  onDeleted,
}: {
  target: { entry: TimeEntry; person: TimesheetPerson } | null;
  sheet: TimesheetResponse;
  onClose(): void;
  onDeleted(): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const failureText = useFailureText();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // A new question starts empty.
  const entryId = target?.entry.id;
  useEffect(() => {
    if (entryId) {
      setReason("");
      setReasonError(null);
      setFailure(null);
    }
  }, [entryId]);

  const remove = useMutation({
    mutationFn: (entry: TimeEntry) => deleteEntry(entry.id, { version: entry.version, reason: reason.trim() }),
    onSuccess: onDeleted,
    onError: (error) => {
      if (staleEntryOf(error)) {
        setFailure(t("delete.changedMeanwhile"));
        return;
      }
      const fields = apiFieldErrors(error);
      if (fields.reason) {
        setReasonError(fields.reason);
        return;
      }
      setFailure(failureText(error, "The time entry could not be deleted"));
    },
  });

  const entry = target?.entry;
  const zone = entry ? entryZone(sheet, entry) : sheet.time_zone;
  const name = target ? isolate(personName(target.person) || t("unnamed")) : "";

  return (
    <ConfirmDialog
      opened={target !== null}
      title={t("delete.title")}
      message={
        entry ? (
          <ReasonMessage
            message={t("delete.message", {
              name,
              in: formatInstant(entry.clock_in_at, zone, language),
              out: entry.clock_out_at ? formatInstant(entry.clock_out_at, zone, language) : t("entries.ongoing"),
            })}
            reason={reason}
            error={reasonError}
            onChange={(value) => {
              setReason(value);
              setReasonError(null);
            }}
          />
        ) : (
          ""
        )
      }
      confirmLabel={t("delete.confirm")}
      cancelLabel={t("editor.cancel")}
      danger
      loading={remove.isPending}
      confirmDisabled={reason.trim() === ""}
      failure={failure}
      onConfirm={() => {
        if (entry) remove.mutate(entry);
      }}
      onCancel={onClose}
    />
  );
}
