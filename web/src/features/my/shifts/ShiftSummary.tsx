import { IconMapPin } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { shortDayOf, timeOf } from "../my-format.ts";
import classes from "./Shifts.module.css";

export interface SummaryShift {
  starts_at: string;
  ends_at: string;
  time_zone: string;
  board: { name: string };
  job: { name: string; color: string } | null;
}

/**
 * A shift in one or two lines: its day and times in its board's zone (times
 * isolated, so "09:00–17:00" keeps its order in Arabic), its job and board.
 */
export function ShiftSummary({ shift, gone = false }: { shift: SummaryShift; gone?: boolean }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const zone = shift.time_zone;
  return (
    <span
      className={classes.summary}
      style={{ "--job-color": shift.job?.color ?? "var(--mantine-color-gray-4)" } as CSSProperties}
      data-gone={gone || undefined}
    >
      <span className={classes.when}>
        <span>{shortDayOf(shift.starts_at, zone, language)}</span>{" "}
        <bdi className={classes.times}>
          {timeOf(shift.starts_at, zone, language)}
          {"\u2009–\u2009"}
          {timeOf(shift.ends_at, zone, language)}
        </bdi>
        {gone ? <span className={classes.goneMark}>{t("shiftLine.gone")}</span> : null}
      </span>
      <span className={classes.where}>
        <span className={classes.job}>
          <span className={classes.dot} aria-hidden="true" />
          {shift.job ? shift.job.name : t("shifts.noJob")}
        </span>
        <span className={classes.board}>
          <IconMapPin size={14} stroke={1.75} aria-hidden="true" />
          {shift.board.name}
        </span>
      </span>
    </span>
  );
}
