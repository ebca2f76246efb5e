import type { AvailabilityChange } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { weekdayNames } from "../../../lib/weekdays.ts";
import { shortDate } from "../my-format.ts";
import classes from "./Availability.module.css";
import { orderedWeekdays } from "./availability-pattern.ts";
import { useOrganizationWeekStart } from "./use-week-start.ts";
import { WindowText } from "./WindowText.tsx";

type Window = { weekday: number; kind: "unavailable" | "prefer"; start?: string | null; end?: string | null };

/** The windows of a week, day by day in the organization's week order ("Always available" when none). */
export function WeekWindows({ windows }: { windows: readonly Window[] }) {
  const { t, i18n } = useTranslation("my");
  const names = weekdayNames(i18n.language);
  const weekStart = useOrganizationWeekStart();
  if (windows.length === 0) return <p className={classes.plain}>{t("availability.alwaysAvailable")}</p>;
  const days = orderedWeekdays(weekStart).filter((day) => windows.some((window) => window.weekday === day));
  return (
    <dl className={classes.week}>
      {days.map((day) => (
        <div key={day} className={classes.weekRow}>
          <dt>{names[day]}</dt>
          <dd>
            {windows
              .filter((window) => window.weekday === day)
              .map((window, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a day's windows have no identity of their own; their place is it
                <span key={index} className={classes.windowChip}>
                  <WindowText kind={window.kind} start={window.start ?? null} end={window.end ?? null} />
                </span>
              ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What an availability request asks: a new week from a date, or one date's exception. */
export function ChangeSummary({ change }: { change: AvailabilityChange }) {
  const { t, i18n } = useTranslation("my");
  if (change.type === "weekly") {
    return (
      <div>
        <p className={classes.plain}>
          {t("availability.weeklyFrom", { date: shortDate(change.effective_from, i18n.language) })}
        </p>
        <WeekWindows windows={change.windows} />
      </div>
    );
  }
  return (
    <p className={classes.plain}>
      {t("availability.exceptionOn", { date: shortDate(change.date, i18n.language) })}{" "}
      <WindowText kind={change.kind} start={change.start ?? null} end={change.end ?? null} />
    </p>
  );
}
