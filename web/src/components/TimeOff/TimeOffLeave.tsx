import type { RequestTimeOff } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { isolated, leaveDateRange, leaveDays, leaveHours, partTimes } from "../../lib/time-off-format.ts";
import classes from "./TimeOff.module.css";

interface TimeOffLeaveProps {
  timeOff: RequestTimeOff;
  /** A cancellation shows the approved leave it would cancel. */
  cancels?: boolean;
  /** The person's usual day, to say the hours in days too; unknown: hours only. */
  dayMinutes?: number | null | undefined;
}

/**
 * The leave a request asks for (or asks to cancel): its type in its colour,
 * its days or the part of one day, and the time it takes in hours (and days).
 */
export function TimeOffLeave({ timeOff, cancels = false, dayMinutes }: TimeOffLeaveProps) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const dates = leaveDateRange(timeOff.from, timeOff.to, language);
  const counted = timeOff.days.filter((day) => day.minutes > 0).length;
  const days = leaveDays(timeOff.minutes, dayMinutes, language);
  const hours = leaveHours(timeOff.minutes, language);
  return (
    <div className={classes.leave} data-testid="time-off-leave">
      <span className={classes.label}>{cancels ? t("timeOff.leave.cancels") : t("timeOff.leave.asks")}</span>
      <span className={classes.type}>
        <span className={classes.dot} style={{ backgroundColor: timeOff.leave_type.color }} aria-hidden="true" />
        <bdi>{timeOff.leave_type.name}</bdi>
        <span className={classes.dimmed}>
          {timeOff.leave_type.paid ? t("timeOff.leave.paid") : t("timeOff.leave.unpaid")}
        </span>
      </span>
      <span className={classes.when}>
        {timeOff.part
          ? t("timeOff.leave.part", { day: isolated(dates), times: partTimes(timeOff.part, language) })
          : isolated(dates)}
      </span>
      <span className={classes.amount}>
        {days
          ? t("timeOff.leave.amountDays", { hours: isolated(hours), days: isolated(days), count: counted })
          : t("timeOff.leave.amount", { hours: isolated(hours), count: counted })}
      </span>
    </div>
  );
}
