import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isolate } from "./hours.ts";
import { formatMonthDay, policySummary, type SummarizedPolicy } from "./policy-summary.ts";
import { useAmounts } from "./use-amounts.ts";

/** A policy in plain words, in the reader's language. */
export function usePolicySummary(): (policy: SummarizedPolicy) => string {
  const { t } = useTranslation("timeOffSetup");
  const amounts = useAmounts();
  return useCallback(
    (policy) =>
      policySummary(policy, {
        t: (key, values) => t(key, values ?? {}) as string,
        hours: amounts.hoursNumber,
        monthDay: (month, day) => isolate(formatMonthDay(month, day, amounts.language)),
      }),
    [t, amounts],
  );
}
