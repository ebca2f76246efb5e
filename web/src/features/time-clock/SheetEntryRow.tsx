import { Badge, Button, Table, Text, Tooltip } from "@mantine/core";
import { IconHistory, IconPencil, IconTrash } from "@tabler/icons-react";
import type { SheetEntryRow as SheetEntryRowData, TimeEntry } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { formatDay, formatDuration, formatHours, formatTime } from "./clock-format.ts";
import classes from "./TimeClock.module.css";

/**
 * One entry of a person's period: its day, clock-in and clock-out as rounded
 * (with the punched time when rounding moved it), breaks, worked hours, job,
 * details, and what may be done with it.
 */
export function SheetEntryRow({
  row,
  entry,
  zone,
  jobName,
  jobColor,
  canChange,
  onEdit,
  onDelete,
  onHistory,
  language,
}: {
  row: SheetEntryRowData;
  entry: TimeEntry | undefined;
  zone: string;
  jobName(id: string): string | undefined;
  jobColor(id: string): string | undefined;
  canChange: boolean;
  onEdit(entry: TimeEntry): void;
  onDelete(entry: TimeEntry): void;
  onHistory(entry: TimeEntry): void;
  language: string | undefined;
}) {
  const { t } = useTranslation("timeClock");
  const time = (instant: string) => formatTime(instant, zone, language);
  const day = formatDay(row.date, language);
  const punched = (rounded: string | null, raw: string | null | undefined) =>
    rounded && raw && time(rounded) !== time(raw) ? (
      <span className={classes.punched}>{t("entries.punchedAt", { time: time(raw) })}</span>
    ) : null;
  const job = entry?.job_id ? jobName(entry.job_id) : undefined;
  const color = entry?.job_id ? jobColor(entry.job_id) : undefined;

  return (
    <Table.Tr data-flagged={row.flagged || undefined} data-open={row.open || undefined} data-testid="entry-row">
      <Table.Td className={classes.nowrap}>{day}</Table.Td>
      <Table.Td className={classes.nowrap}>
        <span className={classes.timeValue}>{time(row.rounded_in)}</span>
        {punched(row.rounded_in, entry?.clock_in_at)}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {row.rounded_out ? (
          <>
            <span className={classes.timeValue}>{time(row.rounded_out)}</span>
            {punched(row.rounded_out, entry?.clock_out_at)}
          </>
        ) : (
          <Badge color="blue" variant="light" className={classes.badge}>
            {t("entries.stillIn")}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {entry && entry.breaks.length > 0 ? (
          <span className={classes.breakList}>
            {entry.breaks.map((item) => (
              <span key={item.starts_at} className={classes.nowrap}>
                {t("entries.span", {
                  from: time(item.starts_at),
                  to: item.ends_at ? time(item.ends_at) : t("entries.ongoing"),
                })}
              </span>
            ))}
            <span className={classes.punched}>{formatDuration(row.break_minutes, language)}</span>
          </span>
        ) : (
          <Text span size="sm" c="dimmed">
            {t("entries.noBreaks")}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.numeric}>{row.flagged ? "–" : formatHours(row.worked_minutes, language)}</Table.Td>
      <Table.Td>
        {job ? (
          <span className={classes.jobCell}>
            <span className={classes.swatch} style={{ backgroundColor: color }} aria-hidden="true" />
            {job}
          </span>
        ) : (
          <Text span size="sm" c="dimmed">
            {t("entries.noJob")}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <span className={classes.details}>
          {row.flagged ? (
            <Badge color="orange" variant="filled" className={classes.badge}>
              {t("entries.flagged")}
            </Badge>
          ) : null}
          {entry?.reviewed ? (
            <Badge color="gray" variant="outline" className={classes.badge}>
              {t("entries.reviewed")}
            </Badge>
          ) : null}
          <Badge color={entry?.source === "manager" ? "violet" : "gray"} variant="light" className={classes.badge}>
            {entry?.source === "manager" ? t("entries.sourceManager") : t("entries.sourcePunch")}
          </Badge>
          {entry?.note ? <span className={classes.note}>{entry.note}</span> : null}
        </span>
      </Table.Td>
      <Table.Td>
        {entry ? (
          <span className={classes.rowActions}>
            {canChange ? (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconPencil size={14} stroke={1.75} aria-hidden="true" />}
                onClick={() => onEdit(entry)}
                aria-label={t("entries.editNamed", { day })}
              >
                {t("entries.edit")}
              </Button>
            ) : null}
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconHistory size={14} stroke={1.75} aria-hidden="true" />}
              onClick={() => onHistory(entry)}
              aria-label={t("entries.historyNamed", { day })}
            >
              {t("entries.history")}
            </Button>
            {canChange ? (
              <Tooltip label={t("entries.delete")} withArrow>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onDelete(entry)}
                  aria-label={t("entries.deleteNamed", { day })}
                >
                  <IconTrash size={15} stroke={1.75} aria-hidden="true" />
                </Button>
              </Tooltip>
            ) : null}
          </span>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
