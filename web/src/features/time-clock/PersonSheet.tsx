import { Alert, Button, Text } from "@mantine/core";
import { IconAlertTriangle, IconChevronDown, IconClockPlay } from "@tabler/icons-react";
import type { TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-context.ts";
import { formatDuration, formatHours, formatInstant, formatMoney } from "./clock-format.ts";
import { isolate, personName } from "./live-status.ts";
import { ApprovalAction, ApprovalState } from "./SheetApproval.tsx";
import { SheetDaysTable } from "./SheetDaysTable.tsx";
import { SheetEntries } from "./SheetEntries.tsx";
import classes from "./TimeClock.module.css";
import { canManagePerson, flaggedRows, hasAnything, needsAttention, openRows } from "./timesheet-rules.ts";

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
          <ApprovalState person={person} sheet={sheet} attention={attention} />
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
          {(totals.leave_minutes ?? 0) > 0 ? (
            <div data-testid="person-sheet-leave">
              <dt>{t("columns.leave")}</dt>
              <dd>{hours(totals.leave_minutes ?? 0)}</dd>
            </div>
          ) : null}
          {(totals.unpaid_leave_minutes ?? 0) > 0 ? (
            <div>
              <dt>{t("columns.unpaidLeave")}</dt>
              <dd>{hours(totals.unpaid_leave_minutes ?? 0)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("columns.cost")}</dt>
            <dd>{money(totals.cost)}</dd>
          </div>
        </dl>
        <div className={classes.sheetActions}>
          {manage ? (
            <ApprovalAction
              name={name}
              approved={approved}
              attention={attention}
              approving={approving}
              onApprove={onApprove}
              onUnlock={onUnlock}
            />
          ) : null}
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
            time: formatInstant(open[0]?.rounded_in ?? "", open[0]?.time_zone ?? sheet.time_zone, language),
          })}
        </Alert>
      ) : null}

      {anything ? (
        <SheetDaysTable person={person} sheet={sheet} name={name} />
      ) : (
        <Text size="sm" c="dimmed" className={classes.sheetNothing}>
          {t("sheet.nothing")}
        </Text>
      )}

      <div id={ids.entries} hidden={!expanded} className={classes.entries}>
        {expanded ? (
          <SheetEntries
            person={person}
            sheet={sheet}
            entriesById={entriesById}
            name={name}
            manage={manage}
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
