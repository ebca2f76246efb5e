import type { InboxItem, Job, RequestShift } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { TimeOffLeave } from "../../components/TimeOff/TimeOffLeave.tsx";
import { usualDayOf } from "../../lib/time-off-decision.ts";
import classes from "./Requests.module.css";
import { formatDayOf, formatDuration, formatTimeRange, isolate } from "./request-format.ts";
import { availabilityLines, shiftWhen, timesText } from "./request-text.ts";

/** A job's colour and name, as the board shows them. */
function JobLabel({ job }: { job: { name: string; color: string } }) {
  return (
    <span className={classes.job}>
      <span className={classes.jobDot} style={{ backgroundColor: job.color }} aria-hidden="true" />
      <bdi>{job.name}</bdi>
    </span>
  );
}

/** A shift as a card shows it: its day and times in its board's zone, its board and job; struck through when it is gone. */
function ShiftBox({ shift, label }: { shift: RequestShift; label?: string | undefined }) {
  const { t, i18n } = useTranslation("requests");
  const when = shiftWhen(shift, i18n.resolvedLanguage);
  return (
    <div className={classes.shift} data-gone={shift.gone || undefined}>
      {label ? <span className={classes.shiftLabel}>{label}</span> : null}
      <span className={classes.shiftWhen}>
        <bdi>{when.day}</bdi> · {timesText(when, t)}
      </span>
      <span className={classes.shiftWhere}>
        <bdi>{shift.board.name}</bdi>
        {shift.job ? <JobLabel job={shift.job} /> : <span>{t("shift.noJob")}</span>}
        {shift.break_minutes > 0 ? (
          <span>
            {t("shift.break", { duration: isolate(formatDuration(shift.break_minutes, i18n.resolvedLanguage)) })}
          </span>
        ) : null}
        {shift.gone ? <span>{t("shift.gone")}</span> : null}
      </span>
    </div>
  );
}

interface RequestSubjectProps {
  item: InboxItem;
  /** The zone a correction's times are read in. */
  entryZone: string;
  /** The organization's jobs (a correction names its job by id). */
  jobs: ReadonlyMap<string, Pick<Job, "name" | "color">>;
}

/** What a request is about: its shift (or both of a swap), the availability asked for, or the times a correction asks for; then the author's note. */
export function RequestSubject({ item, entryZone, jobs }: RequestSubjectProps) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;

  return (
    <div className={classes.subject}>
      {item.kind === "swap" && item.shift && item.other_shift ? (
        <>
          <ShiftBox shift={item.shift} label={t("shift.gives")} />
          <ShiftBox shift={item.other_shift} label={t("shift.takes")} />
        </>
      ) : item.shift ? (
        <ShiftBox shift={item.shift} />
      ) : null}

      {item.availability ? <AvailabilityBox item={item} language={language} /> : null}

      {item.time_off ? (
        <TimeOffLeave timeOff={item.time_off} cancels={item.kind === "time_off_cancel"} dayMinutes={usualDayOf(item)} />
      ) : null}

      {item.correction ? (
        <div className={classes.shift}>
          <span className={classes.shiftLabel}>{t("correction.asked")}</span>
          <CorrectionTimes correction={item.correction} zone={entryZone} language={language} />
          <span className={classes.shiftWhere}>
            {item.correction.job_id && jobs.get(item.correction.job_id) ? (
              <JobLabel job={jobs.get(item.correction.job_id) as { name: string; color: string }} />
            ) : null}
            <span>{t("correction.zone", { zone: isolate(entryZone.replaceAll("_", " ")) })}</span>
          </span>
        </div>
      ) : null}

      {item.note ? (
        <blockquote className={classes.note}>
          <span className={classes.noteLabel}>{item.kind === "correction" ? t("note.reason") : t("note.label")}</span>
          <bdi>{item.note}</bdi>
        </blockquote>
      ) : null}
    </div>
  );
}

function CorrectionTimes({
  correction,
  zone,
  language,
}: {
  correction: NonNullable<InboxItem["correction"]>;
  zone: string;
  language: string | undefined;
}) {
  const { t } = useTranslation("requests");
  const range = formatTimeRange(correction.clock_in_at, correction.clock_out_at, zone, language);
  return (
    <span className={classes.shiftWhen}>
      <bdi>{formatDayOf(correction.clock_in_at, zone, language)}</bdi> ·{" "}
      {timesText({ start: range.start, end: range.end ?? "", plusDays: range.plusDays }, t)}
      {correction.breaks.length > 0 ? (
        <span className={classes.limit}> · {t("correction.breaks", { count: correction.breaks.length })}</span>
      ) : null}
    </span>
  );
}

function AvailabilityBox({ item, language }: { item: InboxItem; language: string | undefined }) {
  const { t } = useTranslation("requests");
  if (!item.availability) return null;
  const view = availabilityLines(item.availability, language, t);
  return (
    <div className={classes.shift}>
      <span className={classes.shiftLabel}>{view.heading}</span>
      <ul className={classes.lines}>
        {view.lines.map((line) => (
          <li key={line.key}>
            {line.label ? <span className={classes.lineLabel}>{line.label}</span> : null}
            <span>{line.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
