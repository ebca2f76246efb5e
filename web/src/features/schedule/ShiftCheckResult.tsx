import { Alert, Group, List, Loader, Text } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle } from "@tabler/icons-react";
import type { Shift, ShiftCheckResponse, ShiftWarning, WeekResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import classes from "./ScheduleEdit.module.css";
import { formatDuration, zoneOf } from "./shift-form.ts";
import { formatDay, formatShiftWhen } from "./shift-text.ts";

/**
 * What the live check (or a refused save) found: the person's shift in the
 * way, the rules' warnings (still allowed), or that it is checking or could
 * not check.
 */
export function ShiftCheckResult({
  week,
  date,
  overlap,
  checked,
  checking,
  failed,
  blocked,
  overlapId,
  nameOf,
}: {
  week: WeekResponse;
  /** The shift's typed date (a daily warning without a date of its own is on it). */
  date: string;
  overlap: Shift | null;
  checked: ShiftCheckResponse | undefined;
  checking: boolean;
  failed: boolean;
  /** Saving is blocked (a shift in the way): the warnings then do not say it can be saved. */
  blocked: boolean;
  /** The overlap's alert id (the disabled save button is described by it). */
  overlapId: string;
  nameOf(userId: string | null | undefined): string;
}) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const language = i18n.resolvedLanguage;

  const overlapText = (shift: Shift) => {
    const when = formatShiftWhen(shift.starts_at, shift.ends_at, zoneOf(week, shift.board_id), language);
    return t("editor.overlap", { name: nameOf(shift.user_id), start: when.start, end: when.end, day: when.day });
  };

  const warningText = (warning: ShiftWarning) => {
    const hours = formatDuration(warning.minutes, language);
    const limit = formatDuration(warning.limit_minutes, language);
    switch (warning.kind) {
      case "short_rest":
        return t("warnings.shortRest", { rest: hours, limit });
      case "daily_overtime":
        return t("warnings.dailyOvertime", {
          hours,
          limit,
          day: warning.date ? formatDay(warning.date, language) : date,
        });
      case "weekly_overtime":
        // A repeat can push several weeks over: each is named by its first day.
        return warning.date
          ? t("warnings.weeklyOvertimeOf", { hours, limit, week: formatDay(warning.date, language) })
          : t("warnings.weeklyOvertime", { hours, limit });
      case "not_on_job":
        return t("warnings.notOnJob", { name: nameOf(warning.user_id) });
      case "unavailable":
        // Their own words, when they gave a reason.
        return warning.note
          ? t("warnings.unavailableNote", { name: nameOf(warning.user_id), note: warning.note })
          : t("warnings.unavailable", { name: nameOf(warning.user_id) });
      case "on_leave":
        // The note is the leave type's name.
        return warning.note
          ? t("warnings.onLeaveType", { name: nameOf(warning.user_id), type: warning.note })
          : t("warnings.onLeave", { name: nameOf(warning.user_id) });
      default:
        return null;
    }
  };

  return (
    <div aria-live="polite" className={classes.check}>
      {overlap ? (
        <Alert
          variant="light"
          color="red"
          role="alert"
          id={overlapId}
          title={t("editor.overlapTitle")}
          data-testid="shift-editor-overlap"
          icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
        >
          {overlapText(overlap)}
        </Alert>
      ) : null}
      {checked && checked.warnings.length > 0 ? (
        <Alert
          variant="light"
          color="yellow"
          title={t("warnings.title")}
          data-testid="shift-editor-warnings"
          icon={<IconAlertTriangle size={20} stroke={1.75} aria-hidden="true" />}
        >
          <List size="sm" spacing={2}>
            {checked.warnings.map((warning, index) => (
              <List.Item
                // A repeat's shifts can meet the same kind of warning with nothing else to tell them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole by each check
                key={`${warning.kind}-${warning.other_shift_id ?? ""}-${warning.date ?? ""}-${index}`}
                data-kind={warning.kind}
              >
                {warningText(warning)}
              </List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt={4}>
            {blocked ? t("warnings.blockedByOverlap") : t("warnings.stillAllowed")}
          </Text>
        </Alert>
      ) : null}
      {checking ? (
        <Group gap={6}>
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {t("editor.checking")}
          </Text>
        </Group>
      ) : null}
      {failed ? (
        <Text size="xs" c="dimmed">
          {t("editor.checkFailed")}
        </Text>
      ) : null}
    </div>
  );
}
