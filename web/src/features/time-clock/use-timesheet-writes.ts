import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkApprovalResponse, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import { downloadFile } from "../../lib/download-file.ts";
import { exportFileName, formatCount } from "./clock-format.ts";
import { isolate, personName } from "./live-status.ts";
import { approvePeriod, clockKeys, fetchTimesheetExport } from "./time-clock-api.ts";
import { useFailureText } from "./use-failure-text.ts";

/**
 * The period's writes from the timesheets: approving one person, exporting
 * the period (CSV or XLSX), and what "Approve all" did; each says how it went
 * in a toast and reloads the time clock's figures.
 */
export function useTimesheetWrites({
  scope,
  sheet,
  toaster,
  onApprovedAll,
}: {
  scope: string;
  sheet: TimesheetResponse;
  toaster: Toaster;
  onApprovedAll(): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: clockKeys.all });

  const approve = useMutation({
    mutationFn: (person: TimesheetPerson) =>
      approvePeriod({ user_id: person.user_id, period_start: sheet.period.start }),
    onSuccess: (_, person) => {
      toaster.show("success", t("approval.approved", { name: isolate(personName(person) || t("unnamed")) }));
      void refresh();
    },
    onError: (error, person) => {
      const name = isolate(personName(person) || t("unnamed"));
      toaster.show(
        "error",
        `${t("approval.failed", { name })} ${failureText(error, "The period could not be approved")}`,
      );
      void refresh();
    },
  });

  const exportFile = useMutation({
    mutationFn: ({ extension, byDay }: { extension: "csv" | "xlsx"; byDay: boolean }) =>
      fetchTimesheetExport(scope, sheet.period.start, extension, byDay),
    onSuccess: (blob, { extension }) =>
      downloadFile(blob, exportFileName(sheet.all ? null : (sheet.boards[0]?.name ?? null), sheet.period, extension)),
    onError: (error) => {
      toaster.show("error", `${t("export.failed")} ${failureText(error, "The timesheets could not be exported")}`);
    },
  });

  const approvedAll = (result: BulkApprovalResponse) => {
    onApprovedAll();
    const approvedNow = result.approved.length;
    const skippedNow = result.skipped.length;
    if (approvedNow > 0)
      toaster.show(
        "success",
        t("approveAll.done", { count: approvedNow, formatted: formatCount(approvedNow, language) }),
      );
    if (skippedNow > 0)
      toaster.show(
        "info",
        t("approveAll.skipped", { count: skippedNow, formatted: formatCount(skippedNow, language) }),
      );
    void refresh();
  };

  return { approve, exportFile, approvedAll, refresh };
}
