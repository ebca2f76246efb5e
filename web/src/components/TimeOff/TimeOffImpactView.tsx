import { IconAlertTriangle, IconArrowRight, IconCalendarOff } from "@tabler/icons-react";
import type { TimeOffImpact } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { isolated, leaveDateRange, leaveDays, leaveHours, shiftSpan } from "../../lib/time-off-format.ts";
import classes from "./TimeOff.module.css";

interface TimeOffImpactViewProps {
  impact: TimeOffImpact;
  /** A job's name by its id (who else is off is counted per job); unknown: "their job". */
  jobName?: ((jobId: string) => string | undefined) | undefined;
  /** The person's usual day, to say the balance in days too. */
  dayMinutes?: number | null | undefined;
  /** Whether a yes adds this person to those off (time off; a cancellation takes them away). */
  adds?: boolean;
  /** An unpaid type's balance is tracked, never limited: below zero is no warning. */
  paid?: boolean;
}

/** "8 hr (1 day)", or the hours alone without a usual day. */
function amount(minutes: number, dayMinutes: number | null | undefined, language: string | undefined): string {
  const days = leaveDays(minutes, dayMinutes, language);
  const hours = leaveHours(minutes, language);
  return days ? `${isolated(hours)} (${isolated(days)})` : isolated(hours);
}

/**
 * What a yes to time off would do, as the server computed it: the balance
 * before → after (below zero stands out, with how far it may go), the
 * published shifts it overlaps, who else of the same job is off those days
 * against the job's limit, and the blocked dates it meets.
 */
export function TimeOffImpactView({ impact, jobName, dayMinutes, adds = true, paid = true }: TimeOffImpactViewProps) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const after = impact.balance_after_minutes;
  const othersShown = impact.others_off.filter((entry) => entry.people.length > 0 || entry.limit !== null);

  return (
    <div className={classes.impact} data-testid="time-off-impact">
      <div className={classes.section}>
        <h4 className={classes.heading}>{t("timeOff.impact.balance")}</h4>
        <span className={classes.change} data-testid="time-off-balance">
          <bdi>{amount(impact.balance_before_minutes, dayMinutes, language)}</bdi>
          <IconArrowRight
            size={14}
            stroke={2}
            className={classes.arrow}
            aria-label={t("timeOff.impact.becomes")}
            role="img"
          />
          <bdi className={after < 0 && paid ? classes.negative : classes.after}>
            {amount(after, dayMinutes, language)}
          </bdi>
        </span>
        {after < 0 && paid ? (
          <span className={classes.warning}>
            <IconAlertTriangle size={16} stroke={2} aria-hidden="true" />
            <span>
              {impact.negative_allowance_minutes > 0
                ? t("timeOff.impact.belowZeroAllowed", {
                    allowed: amount(impact.negative_allowance_minutes, dayMinutes, language),
                  })
                : t("timeOff.impact.belowZero")}
            </span>
          </span>
        ) : null}
      </div>

      <div className={classes.section}>
        <h4 className={classes.heading}>{t("timeOff.impact.shifts", { count: impact.shifts.length })}</h4>
        {impact.shifts.length === 0 ? (
          <span className={classes.dimmed}>{t("timeOff.impact.noShifts")}</span>
        ) : (
          <ul className={classes.lines} data-testid="time-off-shifts">
            {impact.shifts.map((shift) => (
              <li key={shift.id} className={classes.line}>
                <span>{shiftSpan(shift.starts_at, shift.ends_at, shift.time_zone, language)}</span>
                <span className={classes.dimmed}>
                  <bdi>{shift.board.name}</bdi>
                  {shift.job ? (
                    <>
                      {" · "}
                      <bdi>{shift.job.name}</bdi>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className={classes.section}>
        <h4 className={classes.heading}>{t("timeOff.impact.othersOff")}</h4>
        {othersShown.length === 0 ? (
          <span className={classes.dimmed}>{t("timeOff.impact.nobodyElse")}</span>
        ) : (
          <ul className={classes.lines} data-testid="time-off-others">
            {othersShown.map((entry) => {
              // Those listed are the others; a yes makes one more off.
              const over = entry.limit !== null && entry.total + (adds ? 1 : 0) > entry.limit;
              const job = (entry.job_id ? jobName?.(entry.job_id) : undefined) ?? t("timeOff.impact.theirJob");
              const names = entry.people.map((person) =>
                person.status === "pending"
                  ? t("timeOff.impact.personPending", {
                      name: isolated(`${person.first_name} ${person.last_name}`.trim()),
                    })
                  : isolated(`${person.first_name} ${person.last_name}`.trim()),
              );
              return (
                <li key={`${entry.day}-${entry.job_id}`} className={over ? classes.warning : classes.line}>
                  {over ? <IconAlertTriangle size={16} stroke={2} aria-hidden="true" /> : null}
                  <span>
                    {entry.limit === null
                      ? t("timeOff.impact.othersLine", {
                          day: isolated(leaveDateRange(entry.day, entry.day, language)),
                          job: isolated(job),
                          count: entry.total,
                        })
                      : t("timeOff.impact.othersLineLimit", {
                          day: isolated(leaveDateRange(entry.day, entry.day, language)),
                          job: isolated(job),
                          count: entry.total,
                          limit: entry.limit,
                        })}
                    {names.length > 0 ? `: ${new Intl.ListFormat(language, { type: "unit" }).format(names)}` : ""}
                    {over ? ` — ${adds ? t("timeOff.impact.overLimitWith") : t("timeOff.impact.overLimit")}` : ""}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {impact.blocked.length > 0 ? (
        <div className={classes.section}>
          <h4 className={classes.heading}>{t("timeOff.impact.blocked")}</h4>
          <ul className={classes.lines}>
            {impact.blocked.map((block) => (
              <li key={`${block.starts_on}-${block.ends_on}-${block.reason}`} className={classes.warning}>
                <IconCalendarOff size={16} stroke={2} aria-hidden="true" />
                <span>
                  {t("timeOff.impact.blockedLine", {
                    dates: isolated(leaveDateRange(block.starts_on, block.ends_on, language)),
                    reason: isolated(block.reason),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
