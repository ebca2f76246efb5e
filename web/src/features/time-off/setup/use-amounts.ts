import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDays, formatHours, formatSignedHours, isolate } from "./hours.ts";

/** Amounts as the reader writes them, isolated for right-to-left sentences: "8 h", "1 d", "+4". */
export function useAmounts() {
  const { t, i18n } = useTranslation("timeOffSetup");
  const language = i18n.resolvedLanguage;
  return useMemo(
    () => ({
      language,
      hoursNumber: (minutes: number) => isolate(formatHours(minutes, language)),
      hours: (minutes: number) => t("hoursValue", { hours: isolate(formatHours(minutes, language)) }),
      signedHours: (minutes: number) => t("hoursValue", { hours: isolate(formatSignedHours(minutes, language)) }),
      days: (minutes: number, dayMinutes: number) =>
        t("daysValue", { days: isolate(formatDays(minutes, dayMinutes, language)) }),
    }),
    [t, language],
  );
}
