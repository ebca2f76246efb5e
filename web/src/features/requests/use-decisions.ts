import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InboxItem, TimeOffShiftAction } from "@workshift/contracts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import { problemCodeOf, useProblemText } from "../../lib/problem-text.ts";
import { requestKeys } from "../../lib/requests-live.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { timeOffRootKey } from "../../lib/time-off-keys.ts";
import { type BulkSummary, summarizeBulk } from "./bulk.ts";
import { isolate, personName } from "./request-format.ts";
import { approveRequest, decideMany, declineRequest } from "./requests-api.ts";

/** Refusals meaning the request moved on meanwhile: the list is read again (it may leave the list), and a toast says so. */
const movedOn = new Set(["request_changed", "request_not_waiting", "not_found"]);

/**
 * Deciding requests from the inbox: one at a time (approve, decline with a
 * reason) or many at once. Each says how it went (a toast; a refusal stays on
 * the request's card, in words chosen by its code) and reloads the inbox, the
 * count and the schedule an approval changed.
 */
export function useDecisions(
  toaster: Toaster,
  /** A request was decided here, or turned out to have moved on: its card is about to leave the list. */
  onLeaving?: (item: InboxItem) => void,
) {
  const { t } = useTranslation("requests");
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  // Several cards may be approved at once: each keeps its own "working" state.
  const [approving, setApproving] = useState<ReadonlySet<string>>(new Set());

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    void queryClient.invalidateQueries({ queryKey: timeOffRootKey });
  }, [queryClient]);

  const setFailure = useCallback((requestId: string, text: string | null) => {
    setFailures((current) => {
      const next = new Map(current);
      if (text === null) next.delete(requestId);
      else next.set(requestId, text);
      return next;
    });
  }, []);

  const failureText = useCallback(
    (error: unknown, logAs: string) =>
      problemText(error, {
        logAs,
        texts: { forbidden: t("problems.forbidden"), not_found: t("problems.notFound") },
      }),
    [problemText, t],
  );

  const nameOf = useCallback((item: InboxItem) => isolate(personName(item.author) || t("someone")), [t]);

  const approve = useMutation({
    mutationFn: ({ item, shifts }: { item: InboxItem; shifts: TimeOffShiftAction | null }) =>
      approveRequest(item.id, item.version, shifts),
    onMutate: ({ item }) => {
      setFailure(item.id, null);
      setApproving((current) => new Set(current).add(item.id));
    },
    onSettled: (_, __, { item }) =>
      setApproving((current) => {
        const next = new Set(current);
        next.delete(item.id);
        return next;
      }),
    onSuccess: (_, { item }) => {
      toaster.show("success", t(`decided.approved.${item.kind}`, { name: nameOf(item) }));
      onLeaving?.(item);
      refresh();
    },
    onError: (error, { item }) => {
      const text = failureText(error, "The request could not be approved");
      setFailure(item.id, text);
      if (movedOn.has(problemCodeOf(error))) {
        toaster.show("error", `${t("decided.notApproved", { name: nameOf(item) })} ${text}`);
        onLeaving?.(item);
        refresh();
      }
    },
  });

  /** Declining one: the dialog awaits it and shows a failure itself. */
  const decline = useCallback(
    async (item: InboxItem, reason: string) => {
      setFailure(item.id, null);
      try {
        await declineRequest(item.id, item.version, reason);
      } catch (error) {
        if (movedOn.has(problemCodeOf(error))) {
          onLeaving?.(item);
          refresh();
        }
        throw error;
      }
      toaster.show("success", t(`decided.declined.${item.kind}`, { name: nameOf(item) }));
      onLeaving?.(item);
      refresh();
    },
    [refresh, setFailure, t, toaster, nameOf, onLeaving],
  );

  /** Deciding many: each is decided or refused on its own; the summary says which and why. */
  const decideAll = useCallback(
    async (decision: "approve" | "decline", items: readonly InboxItem[], reason?: string) => {
      const result = await decideMany({
        ids: items.map((item) => item.id),
        decision,
        ...(reason === undefined ? {} : { reason }),
      });
      const summed = summarizeBulk(decision, result, items);
      setSummary(summed);
      for (const item of items) setFailure(item.id, null);
      refresh();
      return summed;
    },
    [refresh, setFailure],
  );

  const { mutate } = approve;
  /** Stable (react-query's mutate is), so the cards need not render again for it. */
  const approveOne = useCallback(
    (item: InboxItem, shifts: TimeOffShiftAction | null = null) => mutate({ item, shifts }),
    [mutate],
  );

  return {
    approve: approveOne,
    approving,
    decline,
    decideAll,
    failures,
    summary,
    dismissSummary: () => setSummary(null),
    failureText,
  };
}
