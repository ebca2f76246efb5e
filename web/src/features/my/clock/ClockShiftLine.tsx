import { Text } from "@mantine/core";
import type { ClockStatus } from "@workshift/contracts";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { serverNow } from "../../../lib/server-clock.ts";
import { timeOf } from "../my-format.ts";
import classes from "./Clock.module.css";

/** My shift going on now, or my next one today, with its job. */
export function ClockShiftLine({ status, offset }: { status: ClockStatus; offset: number }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const { shift } = status;
  if (!shift) {
    return (
      <Text c="dimmed" size="sm" data-testid="my-clock-no-shift">
        {t("clock.noShift")}
      </Text>
    );
  }
  const job = status.jobs.find((item) => item.id === shift.job_id);
  const now = serverNow(offset);
  const current = Date.parse(shift.starts_at) <= now && now < Date.parse(shift.ends_at);
  return (
    <div
      className={classes.shift}
      data-testid="my-clock-shift"
      style={{ "--job-color": job?.color ?? "var(--mantine-color-gray-4)" } as CSSProperties}
    >
      <span className={classes.shiftLabel}>{current ? t("clock.shiftNow") : t("clock.shiftNext")}</span>
      <span className={classes.shiftTime}>
        {timeOf(shift.starts_at, status.time_zone, language)}
        {"\u2009–\u2009"}
        {timeOf(shift.ends_at, status.time_zone, language)}
      </span>
      <span className={classes.shiftJob}>
        <span className={classes.jobDot} aria-hidden="true" />
        {job ? job.name : t("clock.noJob")}
      </span>
    </div>
  );
}
