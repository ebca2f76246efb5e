import { Alert, Group, List, Loader, Text, VisuallyHidden } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type ProblemCode, useCodeText, useProblemText } from "../../../lib/problem-text.ts";
import classes from "./TimeOff.module.css";
import { dayReason, daysAmount, dayText, hoursAmount, rangeText } from "./time-off-format.ts";
import { isolate } from "./time-off-isolate.ts";
import { previewNotes } from "./time-off-preview-text.ts";
import type { TimeOffPreviewState } from "./use-time-off-preview.ts";

/**
 * What the ask would take, as the form changes: the hours of each day and
 * why (shifts, a usual day, a weekend, a holiday by name), the total, the
 * balance now and after; blocked dates as a warning or a refusal, and what
 * would stop it by its code's words. A short summary is read out when it
 * changes (the rest is there to read).
 */
export function TimeOffPreview({ state, ready }: { state: TimeOffPreviewState; ready: boolean }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const codeText = useCodeText();
  const problemText = useProblemText();
  const { preview, current, loading, error } = state;

  if (!ready) {
    return (
      <Text size="sm" c="dimmed" className={classes.preview} data-testid="time-off-preview-incomplete">
        {t("timeOff.preview.incomplete")}
      </Text>
    );
  }
  if (error) {
    return (
      <Text size="sm" c="dimmed" className={classes.preview} role="status" data-testid="time-off-preview-failed">
        {problemText(error, { texts: { internal: t("timeOff.preview.failed"), network: t("timeOff.preview.failed") } })}
      </Text>
    );
  }
  if (!preview) {
    return (
      <Group gap={6} className={classes.preview} role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t("timeOff.preview.checking")}
        </Text>
      </Group>
    );
  }

  const amount = (minutes: number) => {
    const days = daysAmount(minutes, preview.day_minutes, language);
    const hours = hoursAmount(minutes, language);
    return days ? t("timeOff.amount", { hours: isolate(hours), days: isolate(days) }) : hours;
  };
  const blockedDates = preview.blocked
    .map((block) => isolate(rangeText(block.starts_on, block.ends_on, language)))
    .join(", ");
  const blockedReason = preview.blocked.map((block) => block.reason).join(" · ");
  const { blocked, blockers, belowZero: below } = previewNotes(preview);

  return (
    <section
      className={classes.preview}
      aria-labelledby="time-off-preview-title"
      aria-busy={loading || undefined}
      data-testid="time-off-preview"
      data-current={current || undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <h3 id="time-off-preview-title" className={classes.previewTitle}>
          {t("timeOff.preview.title")}
        </h3>
        {loading ? <Loader size="xs" role="status" aria-label={t("timeOff.preview.checking")} /> : null}
      </Group>
      <div className={classes.previewBody} data-stale={!current || undefined}>
        <ul className={classes.previewDays} aria-label={t("timeOff.preview.days")}>
          {preview.days.map((day) => {
            const why = dayReason(day);
            return (
              <li key={day.day} data-basis={day.basis} data-testid="time-off-preview-day">
                <span className={classes.previewDay}>{dayText(day.day, language)}</span>
                <span>
                  {t("timeOff.preview.dayLine", {
                    hours: isolate(hoursAmount(day.minutes, language)),
                    why: t(why.key, why.values),
                  })}
                </span>
              </li>
            );
          })}
        </ul>
        <dl className={classes.previewFigures}>
          <div>
            <dt>{t("timeOff.preview.total")}</dt>
            <dd data-testid="time-off-preview-total">
              <bdi>{amount(preview.minutes)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t("timeOff.preview.balance")}</dt>
            <dd>
              <bdi>{amount(preview.balance_minutes)}</bdi>
            </dd>
          </div>
          {preview.pending_minutes > 0 ? (
            <div>
              <dt>{t("timeOff.preview.pending")}</dt>
              <dd>
                <bdi>{amount(preview.pending_minutes)}</bdi>
              </dd>
            </div>
          ) : null}
          <div data-strong>
            <dt>{t("timeOff.preview.after")}</dt>
            <dd data-negative={below || undefined} data-testid="time-off-preview-after">
              <bdi>{amount(preview.balance_after_minutes)}</bdi>
            </dd>
          </div>
        </dl>
        {below && preview.negative_allowance_minutes > 0 ? (
          <Text size="sm" c="dimmed">
            {t("timeOff.preview.belowZero", {
              hours: isolate(hoursAmount(preview.negative_allowance_minutes, language)),
            })}
          </Text>
        ) : null}
      </div>
      {blocked ? (
        <Alert
          variant="light"
          color={blocked === "refuse" ? "red" : "yellow"}
          icon={
            blocked === "refuse" ? (
              <IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />
            ) : (
              <IconAlertTriangle size={20} stroke={1.75} aria-hidden="true" />
            )
          }
          data-testid="time-off-preview-blocked"
          data-policy={blocked}
        >
          {t(blocked === "refuse" ? "timeOff.preview.blockedRefuse" : "timeOff.preview.blockedWarn", {
            reason: isolate(blockedReason),
            dates: blockedDates,
          })}
        </Alert>
      ) : null}
      {blockers.length > 0 ? (
        <Alert
          variant="light"
          color="red"
          title={t("timeOff.preview.cantAsk")}
          icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
          data-testid="time-off-preview-blockers"
        >
          <List size="sm" spacing={2}>
            {blockers.map((code) => (
              <List.Item key={code} data-code={code}>
                {codeText(code as ProblemCode)}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <VisuallyHidden aria-live="polite">
        {current
          ? `${t("timeOff.preview.total")}: ${amount(preview.minutes)}. ${t("timeOff.preview.after")}: ${amount(preview.balance_after_minutes)}.${
              blockers.length > 0 ? ` ${blockers.map((code) => codeText(code as ProblemCode)).join(" ")}` : ""
            }`
          : ""}
      </VisuallyHidden>
    </section>
  );
}
