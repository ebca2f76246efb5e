import { Alert, Badge, Button, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCheck,
  IconChevronDown,
  IconClockPlay,
  IconHistory,
  IconLockOpen,
  IconPencil,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import type { SheetDay, SheetEntryRow, TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-context.ts";
import { formatDay, formatDuration, formatHours, formatInstant, formatMoney, formatTime } from "./clock-format.ts";
import { isolate, personName } from "./live-status.ts";
import classes from "./TimeClock.module.css";
import {
  canManagePerson,
  defaultEntryDate,
  defaultEntryJob,
  flaggedRows,
  hasAnything,
  needsAttention,
  openRows,
} from "./timesheet-rules.ts";

interface PersonSheetProps {
  person: TimesheetPerson;
  sheet: TimesheetResponse;
  entriesById: ReadonlyMap<string, TimeEntry>;
  expanded: boolean;
  onToggle(): void;
  approving: boolean;
  onApprove(): void;
  onUnlock(): void;
  onEdit(entry: TimeEntry): void;
  onAdd(date: string, jobId: string | null): void;
  onDelete(entry: TimeEntry): void;
  onHistory(entry: TimeEntry): void;
  /** Brought into view (opened from the live view); onScrolledIntoView says it was, so it happens once. */
  scrollIntoView: boolean;
  onScrolledIntoView(): void;
}

type Measure = "scheduled" | "worked" | "break" | "regular" | "overtime" | "cost";
const measures: readonly Measure[] = ["scheduled", "worked", "break", "regular", "overtime", "cost"];

const minutesOf = (measure: Exclude<Measure, "cost">, item: Omit<SheetDay, "date" | "entry_ids" | "flagged">) =>
  ({
    scheduled: item.scheduled_minutes,
    worked: item.worked_minutes,
    break: item.break_minutes,
    regular: item.regular_minutes,
    overtime: item.overtime_minutes,
  })[measure];

/**
 * One person's period: their approval, totals and each day (scheduled vs
 * worked, breaks, regular, overtime, cost) as the API counted them; what
 * needs a manager (flagged or open entries) and what to do; and, opened,
 * their entries with Edit, Delete and History, and Add entry.
 */
export function PersonSheet({
  person,
  sheet,
  entriesById,
  expanded,
  onToggle,
  approving,
  onApprove,
  onUnlock,
  onEdit,
  onAdd,
  onDelete,
  onHistory,
  scrollIntoView,
  onScrolledIntoView,
}: PersonSheetProps) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const ids = { name: useId(), entries: useId() };
  const ref = useRef<HTMLElement>(null);
  const name = isolate(personName(person) || t("unnamed"));
  const totals = person.sheet.totals;
  const flagged = flaggedRows(person);
  const open = openRows(person);
  const attention = needsAttention(person);
  const approved = person.approval !== null;
  const manage = canManagePerson(sheet.can_manage, useAuth().user, person.user_id);
  const anything = hasAnything(person);
  const hours = (minutes: number) => formatHours(minutes, language);
  const money = (amount: number | null) =>
    amount === null ? t("noCost") : formatMoney(amount, sheet.currency, language);

  useEffect(() => {
    if (!scrollIntoView) return;
    ref.current?.scrollIntoView({ block: "start" });
    onScrolledIntoView();
  }, [scrollIntoView, onScrolledIntoView]);

  const approval = approved ? (
    <>
      <Badge
        color="green"
        variant="light"
        leftSection={<IconCheck size={14} stroke={2.2} aria-hidden="true" />}
        className={classes.badge}
      >
        {t("approval.stateApproved")}
      </Badge>
      <Text span size="xs" c="dimmed">
        {t("approval.approvedBy", {
          name: person.approval?.approved_by ? isolate(personName(person.approval.approved_by)) : t("unnamed"),
          date: formatInstant(person.approval?.approved_at ?? "", sheet.time_zone, language),
        })}
      </Text>
    </>
  ) : attention ? (
    <Badge
      color="orange"
      variant="light"
      leftSection={<IconAlertTriangle size={14} stroke={2} aria-hidden="true" />}
      className={classes.badge}
    >
      {t("approval.stateAttention")}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" className={classes.badge}>
      {t("approval.stateOpen")}
    </Badge>
  );

  const approvalAction = !manage ? null : approved ? (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconLockOpen size={14} stroke={1.75} aria-hidden="true" />}
      onClick={onUnlock}
      aria-label={t("approval.unlockNamed", { name })}
    >
      {t("approval.unlock")}
    </Button>
  ) : (
    <Tooltip label={t("approval.settleFirst")} disabled={!attention} withArrow multiline w={260}>
      <Button
        size="xs"
        leftSection={<IconCheck size={14} stroke={2} aria-hidden="true" />}
        onClick={attention ? undefined : onApprove}
        data-disabled={attention || undefined}
        aria-disabled={attention || undefined}
        loading={approving}
        aria-label={t("approval.approveNamed", { name })}
        data-testid="approve"
      >
        {t("approval.approve")}
      </Button>
    </Tooltip>
  );

  return (
    <article
      ref={ref}
      className={classes.sheet}
      aria-labelledby={ids.name}
      data-attention={attention || undefined}
      data-approved={approved || undefined}
      data-testid="person-sheet"
    >
      <header className={classes.sheetHeader}>
        <div className={classes.sheetWho}>
          <h3 id={ids.name} className={classes.sheetName}>
            {name}
          </h3>
          {approval}
        </div>
        <dl className={classes.sheetTotals}>
          <div>
            <dt>{t("columns.worked")}</dt>
            <dd>
              <strong>{hours(totals.worked_minutes)}</strong>
              <span className={classes.of}> / {hours(totals.scheduled_minutes)}</span>
            </dd>
          </div>
          <div>
            <dt>{t("columns.overtime")}</dt>
            <dd data-nonzero={totals.overtime_minutes > 0 || undefined}>{hours(totals.overtime_minutes)}</dd>
          </div>
          <div>
            <dt>{t("columns.cost")}</dt>
            <dd>{money(totals.cost)}</dd>
          </div>
        </dl>
        <div className={classes.sheetActions}>
          {approvalAction}
          <Button
            size="xs"
            variant="subtle"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={ids.entries}
            rightSection={
              <IconChevronDown
                size={16}
                stroke={1.75}
                aria-hidden="true"
                className={classes.toggleIcon}
                data-open={expanded || undefined}
              />
            }
          >
            {t("sheet.entries", { count: person.sheet.entries.length })}
          </Button>
        </div>
      </header>

      {flagged.length > 0 ? (
        <Alert
          variant="light"
          color="orange"
          className={classes.callout}
          icon={<IconAlertTriangle size={18} stroke={1.75} aria-hidden="true" />}
        >
          {t("sheet.flaggedCallout", {
            count: flagged.length,
            limit: formatDuration(sheet.settings.open_limit_minutes, language),
          })}{" "}
          {manage ? t("sheet.flaggedTodo") : null}
        </Alert>
      ) : null}
      {open.length > 0 ? (
        <Alert
          variant="light"
          color="blue"
          className={classes.callout}
          icon={<IconClockPlay size={18} stroke={1.75} aria-hidden="true" />}
        >
          {t("sheet.openCallout", {
            time: formatInstant(open[0]?.rounded_in ?? "", sheet.time_zone, language),
          })}
        </Alert>
      ) : null}

      {anything ? (
        <DaysTable person={person} sheet={sheet} name={name} />
      ) : (
        <Text size="sm" c="dimmed" className={classes.sheetNothing}>
          {t("sheet.nothing")}
        </Text>
      )}

      <div id={ids.entries} hidden={!expanded} className={classes.entries}>
        {expanded ? (
          <EntriesPanel
            person={person}
            sheet={sheet}
            entriesById={entriesById}
            name={name}
            onEdit={onEdit}
            onAdd={onAdd}
            onDelete={onDelete}
            onHistory={onHistory}
          />
        ) : null}
      </div>
    </article>
  );
}

/** The period's days across, the measures down (a paper timesheet's layout); scrolls sideways when narrow. */
function DaysTable({ person, sheet, name }: { person: TimesheetPerson; sheet: TimesheetResponse; name: string }) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const totals = person.sheet.totals;
  const days = person.sheet.days;
  const cell = (measure: Measure, item: SheetDay) => {
    if (measure === "cost") {
      if (item.cost === null) return item.worked_minutes > 0 ? t("noCost") : "–";
      return item.cost === 0 ? "–" : formatMoney(item.cost, sheet.currency, language);
    }
    const minutes = minutesOf(measure, item);
    return minutes === 0 ? "–" : formatHours(minutes, language);
  };
  const total = (measure: Measure) =>
    measure === "cost"
      ? totals.cost === null
        ? t("noCost")
        : formatMoney(totals.cost, sheet.currency, language)
      : formatHours(minutesOf(measure, totals), language);

  return (
    <div className={classes.daysScroll}>
      <table className={classes.days}>
        <VisuallyHidden component="caption">{t("sheet.daysLabel", { name })}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col" className={classes.measureHead}>
              <VisuallyHidden component="span">{t("sheet.measure")}</VisuallyHidden>
            </th>
            {days.map((day) => (
              <th
                key={day.date}
                scope="col"
                data-today={day.date === sheet.today || undefined}
                data-flagged={day.flagged || undefined}
              >
                {formatDay(day.date, language)}
                {day.flagged ? (
                  <IconAlertTriangle
                    size={12}
                    stroke={2}
                    className={classes.dayFlag}
                    aria-label={t("sheet.dayFlagged")}
                  />
                ) : null}
              </th>
            ))}
            <th scope="col" className={classes.totalCell}>
              {t("sheet.total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {measures.map((measure) => (
            <tr key={measure} data-measure={measure}>
              <th scope="row" className={classes.measureHead}>
                {t(`columns.${measure}`)}
              </th>
              {days.map((day) => (
                <td
                  key={day.date}
                  data-today={day.date === sheet.today || undefined}
                  data-flagged={(day.flagged && measure === "worked") || undefined}
                  data-empty={cell(measure, day) === "–" || undefined}
                >
                  {cell(measure, day)}
                </td>
              ))}
              <td className={classes.totalCell}>{total(measure)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntriesPanel({
  person,
  sheet,
  entriesById,
  name,
  onEdit,
  onAdd,
  onDelete,
  onHistory,
}: {
  person: TimesheetPerson;
  sheet: TimesheetResponse;
  entriesById: ReadonlyMap<string, TimeEntry>;
  name: string;
  onEdit(entry: TimeEntry): void;
  onAdd(date: string, jobId: string | null): void;
  onDelete(entry: TimeEntry): void;
  onHistory(entry: TimeEntry): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const jobsById = new Map(sheet.jobs.map((job) => [job.id, job]));
  const manage = canManagePerson(sheet.can_manage, useAuth().user, person.user_id);
  const locked = person.approval !== null;
  const rows = person.sheet.entries;

  const zoneOf = (entry: TimeEntry | undefined) =>
    (entry?.job_id ? jobsById.get(entry.job_id)?.time_zone : null) ?? sheet.time_zone;

  const addButton =
    manage && !locked ? (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} stroke={2} aria-hidden="true" />}
        onClick={() => onAdd(defaultEntryDate(sheet.period, sheet.today), defaultEntryJob(person, entriesById))}
        aria-label={t("entries.addNamed", { name })}
      >
        {t("entries.add")}
      </Button>
    ) : null;

  return (
    <div className={classes.entriesInner}>
      {locked && manage ? (
        <Text size="sm" c="dimmed">
          {t("entries.locked")}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("entries.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="xs" className={classes.entriesTable} aria-label={t("entries.label", { name })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("entries.day")}</Table.Th>
                <Table.Th>{t("entries.in")}</Table.Th>
                <Table.Th>{t("entries.out")}</Table.Th>
                <Table.Th>{t("entries.breaks")}</Table.Th>
                <Table.Th className={classes.numericHead}>{t("columns.worked")}</Table.Th>
                <Table.Th>{t("entries.job")}</Table.Th>
                <Table.Th>{t("entries.details")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden component="span">{t("entries.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <EntryRow
                  key={row.id}
                  row={row}
                  entry={entriesById.get(row.id)}
                  zone={zoneOf(entriesById.get(row.id))}
                  jobName={(id) => jobsById.get(id)?.name}
                  jobColor={(id) => jobsById.get(id)?.color}
                  canChange={manage && !locked}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onHistory={onHistory}
                  language={language}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {person.sheet.by_job.length > 1 ? <ByJob person={person} sheet={sheet} /> : null}
      {addButton ? <div className={classes.entriesFooter}>{addButton}</div> : null}
    </div>
  );
}

function EntryRow({
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
  row: SheetEntryRow;
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

/** Pay by job (the payroll export's rows), when the person worked on more than one. */
function ByJob({ person, sheet }: { person: TimesheetPerson; sheet: TimesheetResponse }) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const jobsById = new Map(sheet.jobs.map((job) => [job.id, job]));
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={4} className={classes.byJob} aria-label={t("byJob.label")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("entries.job")}</Table.Th>
            <Table.Th className={classes.numericHead}>{t("columns.regular")}</Table.Th>
            <Table.Th className={classes.numericHead}>{t("columns.overtime")}</Table.Th>
            <Table.Th className={classes.numericHead}>{t("byJob.rate")}</Table.Th>
            <Table.Th className={classes.numericHead}>{t("byJob.pay")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {person.sheet.by_job.map((row) => (
            <Table.Tr key={row.job_id ?? "none"}>
              <Table.Td>{(row.job_id ? jobsById.get(row.job_id)?.name : null) ?? t("entries.noJob")}</Table.Td>
              <Table.Td className={classes.numeric}>{formatHours(row.regular_minutes, language)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatHours(row.overtime_minutes, language)}</Table.Td>
              <Table.Td className={classes.numeric}>
                {row.rate === null ? t("noCost") : formatMoney(row.rate, sheet.currency, language)}
              </Table.Td>
              <Table.Td className={classes.numeric}>
                {row.pay === null ? t("noCost") : formatMoney(row.pay, sheet.currency, language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
