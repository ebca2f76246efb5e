import type { PunchWarning } from "@workshift/contracts";
import type { TFunction } from "i18next";
import { formatDuration } from "./clock-format.ts";

/** "350 m", "1.2 km" in the reader's language. */
export function formatDistance(meters: number, language: string | undefined): string {
  const km = meters >= 1000;
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: km ? "kilometer" : "meter",
    unitDisplay: "short",
    maximumFractionDigits: km ? 1 : 0,
  }).format(km ? meters / 1000 : meters);
}

/** A punch's remark as a manager reads it: "Clocked in 20 min early", "350 m from the site", "Sent 2 hr late". */
export function warningText(warning: PunchWarning, t: TFunction<"timeClock">, language: string | undefined): string {
  switch (warning.code) {
    case "early":
      return warning.minutes !== undefined
        ? t("warnings.earlyBy", { duration: formatDuration(warning.minutes, language) })
        : t("warnings.early");
    case "outside_site":
      return warning.meters !== undefined
        ? t("warnings.outsideSiteBy", { distance: formatDistance(warning.meters, language) })
        : t("warnings.outsideSite");
    case "no_location":
      return t("warnings.noLocation");
    case "no_shift":
      return t("warnings.noShift");
    case "not_on_job":
      return t("warnings.notOnJob");
    case "late_sync":
      return warning.minutes !== undefined
        ? t("warnings.lateSyncBy", { duration: formatDuration(warning.minutes, language) })
        : t("warnings.lateSync");
    default:
      return t("warnings.other");
  }
}
