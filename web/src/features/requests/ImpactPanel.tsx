import { IconAlertTriangle, IconArrowRight, IconBan, IconCircleCheck, IconClockExclamation } from "@tabler/icons-react";
import type { InboxItem, RequestImpact } from "@workshift/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TimeOffImpactView } from "../../components/TimeOff/TimeOffImpactView.tsx";
import { useCodeText } from "../../lib/problem-text.ts";
import { usualDayOf } from "../../lib/time-off-decision.ts";
import {
  assignmentLines,
  conflictLines,
  coverageView,
  entryView,
  hasConcerns,
  hoursLines,
  warningLines,
} from "./impact-text.ts";
import type { Names } from "./people-names.ts";
import classes from "./Requests.module.css";

interface ImpactPanelProps {
  item: InboxItem;
  impact: RequestImpact;
  names: Names;
  /** The zone a correction's entry is read in. */
  entryZone: string;
  /** The id the approve button points its description at (the blockers' list). */
  blockersId: string;
  /** A job's name by id (time off counts others off per job). */
  jobName?: ((jobId: string) => string | undefined) | undefined;
}

/** Before → after, the arrow mirrored in a right-to-left page. */
function Change({ before, after, className }: { before: string; after: string; className?: string | undefined }) {
  const { t } = useTranslation("requests");
  return (
    <>
      <bdi>{before}</bdi>
      <IconArrowRight size={14} stroke={2} className={classes.arrow} aria-label={t("impact.becomes")} role="img" />
      <bdi className={className}>{after}</bdi>
    </>
  );
}

/**
 * What saying yes would do, as the server computed it when the list was
 * read: why it would be refused (blockers), who works each shift after, the
 * week's hours of each person against the limit (overtime stands out), the
 * rules it breaks, clashes with availability and time off, the day's coverage
 * for the job, and for a correction the entry and its pay before → after.
 */
export function ImpactPanel({ item, impact, names, entryZone, blockersId, jobName }: ImpactPanelProps) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const codeText = useCodeText();
  const headingId = useId();

  const assignments = assignmentLines(item, names, language, t);
  const hours = hoursLines(impact, names, language, t);
  const warnings = warningLines(impact, names, language, t);
  const conflicts = conflictLines(item, names, language, t);
  const coverage = coverageView(item, language, t);
  const entry = entryView(impact, entryZone, language, t);

  return (
    <section className={classes.impact} aria-labelledby={headingId} data-testid="request-impact">
      <h3 id={headingId} className={classes.impactTitle}>
        {t("impact.title")}
      </h3>

      {impact.blockers.length > 0 ? (
        <ul className={classes.lines} id={blockersId} aria-label={t("impact.blockers")}>
          {impact.blockers.map((code) => (
            <li key={code} className={classes.warning} data-tone="blocker">
              <IconBan size={16} stroke={2} aria-hidden="true" />
              <span>{codeText(code as never)}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {impact.time_off ? (
        <TimeOffImpactView
          impact={impact.time_off}
          jobName={jobName}
          dayMinutes={usualDayOf(item)}
          adds={item.kind === "time_off"}
          paid={item.time_off?.leave_type.paid ?? true}
        />
      ) : null}

      {assignments.length > 0 ? (
        <div className={classes.impactSection}>
          <h4 className={classes.impactHeading}>{t("impact.assignments")}</h4>
          <ul className={classes.lines}>
            {assignments.map((line) => (
              <li key={line.shiftId} className={classes.change}>
                {line.shift ? <span className={classes.lineLabel}>{line.shift}</span> : null}
                <Change before={line.from} after={line.to} className={classes.person} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {hours.length > 0 ? (
        <div className={classes.impactSection}>
          <h4 className={classes.impactHeading}>{t("impact.hours")}</h4>
          <ul className={classes.lines}>
            {hours.map((line) => (
              <li
                key={`${line.userId}-${line.week}`}
                className={`${classes.change} ${classes.hours}`}
                data-over={line.over || undefined}
              >
                <span className={classes.person}>{line.name}</span>
                <Change before={line.before} after={line.after} className={classes.after} />
                {line.change ? <bdi className={classes.limit}>({line.change})</bdi> : null}
                {line.limit ? (
                  <span className={classes.limit}>{t("impact.limit", { limit: `\u2068${line.limit}\u2069` })}</span>
                ) : null}
                {line.over ? (
                  <span className={classes.overtime}>
                    <IconClockExclamation size={14} stroke={2} aria-hidden="true" />
                    {line.newlyOver
                      ? t("impact.overtimeNew", { over: `\u2068${line.overBy ?? ""}\u2069` })
                      : t("impact.overtimeAlready", { over: `\u2068${line.overBy ?? ""}\u2069` })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {warnings.length > 0 || conflicts.length > 0 ? (
        <div className={classes.impactSection}>
          <h4 className={classes.impactHeading}>{t("impact.warnings")}</h4>
          <ul className={classes.lines}>
            {warnings.map((line) => (
              <li key={line.key} className={classes.warning} data-tone={line.tone}>
                <IconAlertTriangle size={16} stroke={2} aria-hidden="true" />
                <span>{line.text}</span>
              </li>
            ))}
            {conflicts.map((text) => (
              <li key={text} className={classes.warning} data-tone="rule">
                <IconAlertTriangle size={16} stroke={2} aria-hidden="true" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {coverage ? (
        <div className={classes.impactSection}>
          <h4 className={classes.impactHeading}>{coverage.title}</h4>
          <div className={classes.figures}>
            <span className={classes.change}>
              <span className={classes.limit}>{t("coverage.assigned")}</span>
              <Change before={coverage.assigned.before} after={coverage.assigned.after} className={classes.after} />
            </span>
            <span className={classes.change}>
              <span className={classes.limit}>{t("coverage.open")}</span>
              <Change
                before={coverage.open.before}
                after={coverage.open.after}
                className={coverage.opensGap ? classes.gap : classes.after}
              />
            </span>
          </div>
          {coverage.opensGap ? <span className={classes.gap}>{t("coverage.opensGap")}</span> : null}
        </div>
      ) : null}

      {entry ? (
        <div className={classes.impactSection}>
          <h4 className={classes.impactHeading}>{t("entry.title")}</h4>
          <dl className={classes.entry}>
            <dt>{t("entry.before")}</dt>
            <dd>
              {entry.before ? (
                <>
                  <bdi>{entry.before.day}</bdi> {entry.before.times}
                  {entry.before.breaks ? `, ${entry.before.breaks}` : ""}
                  {" · "}
                  {t("entry.worked", { duration: `\u2068${entry.before.worked}\u2069` })}
                </>
              ) : (
                t("entry.missed")
              )}
            </dd>
            <dt>{t("entry.after")}</dt>
            <dd>
              <bdi>{entry.after.day}</bdi> {entry.after.times}
              {entry.after.breaks ? `, ${entry.after.breaks}` : ""}
              {" · "}
              {t("entry.worked", { duration: `\u2068${entry.after.worked}\u2069` })}
              {entry.workedChange ? (
                <>
                  {" "}
                  <bdi>({entry.workedChange})</bdi>
                </>
              ) : null}
            </dd>
            <dt>{t("entry.pay")}</dt>
            <dd>
              {entry.pay === null ? (
                t("entry.noRate")
              ) : (
                <span className={classes.change}>
                  <Change before={entry.pay.before} after={entry.pay.after} />
                  <bdi
                    className={
                      entry.payDirection === "up" ? classes.payUp : entry.payDirection === "down" ? classes.payDown : ""
                    }
                  >
                    ({entry.payChange})
                  </bdi>
                </span>
              )}
            </dd>
          </dl>
        </div>
      ) : null}

      {!hasConcerns(impact) ? (
        <span className={classes.quiet}>
          <IconCircleCheck size={16} stroke={2} aria-hidden="true" />
          {t("impact.noConcerns")}
        </span>
      ) : null}
    </section>
  );
}
