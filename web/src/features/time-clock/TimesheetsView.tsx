import { Alert, Button, CloseButton, Switch, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChecks, IconDownload, IconInfoCircle, IconSearch, IconUsersGroup } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { BulkApprovalResponse, TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import layout from "../../components/AdminPage/AdminPage.module.css";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { useAuth } from "../auth/auth-context.ts";
import type { Toaster } from "../schedule/BoardToasts.tsx";
import { editProblemOf } from "../schedule/edit-problem.ts";
import { saveBlob } from "../schedule/week-actions-api.ts";
import { ApproveAllDialog } from "./ApproveAllDialog.tsx";
import { exportFileName, formatCount, formatHours, formatMoney } from "./clock-format.ts";
import type { ClockUrlState } from "./clock-url.ts";
import { DeleteEntryDialog } from "./DeleteEntryDialog.tsx";
import { EntryEditor } from "./EntryEditor.tsx";
import type { EntryEditorTarget } from "./entry-target.ts";
import { HistoryModal } from "./HistoryModal.tsx";
import { isolate, personName } from "./live-status.ts";
import { PeriodNavigator } from "./PeriodNavigator.tsx";
import { PersonSheet } from "./PersonSheet.tsx";
import classes from "./TimeClock.module.css";
import { approvePeriod, clockKeys, fetchTimesheetExport } from "./time-clock-api.ts";
import { needsAttention, readyToApprove } from "./timesheet-rules.ts";
import { UnlockDialog } from "./UnlockDialog.tsx";
import { useFailureText } from "./use-failure-text.ts";

/** More people than this are virtualised against the window (as the people list is). */
const VIRTUALIZE_FROM = 30;
const PHONE_QUERY = "(max-width: 47.99em)";

interface TimesheetsViewProps {
  scope: string;
  sheet: TimesheetResponse;
  /** The last period stays on screen while the next one loads. */
  busy: boolean;
  state: ClockUrlState;
  onChange(next: Partial<ClockUrlState>, step?: boolean): void;
  toaster: Toaster;
}

/**
 * The pay period's timesheets: the totals on top, then each person's days
 * (scheduled vs worked, breaks, regular, overtime, cost: the API's figures),
 * their approval, and their entries to correct (with a reason), delete, add
 * or trace. Exports the period as CSV or XLSX.
 */
export function TimesheetsView({ scope, sheet, busy, state, onChange, toaster }: TimesheetsViewProps) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [attentionOnly, setAttentionOnly] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(state.person ? [state.person] : []));
  const [editing, setEditing] = useState<EntryEditorTarget | null>(null);
  const [deleting, setDeleting] = useState<{ entry: TimeEntry; person: TimesheetPerson } | null>(null);
  const [history, setHistory] = useState<{ entry: TimeEntry; person: TimesheetPerson } | null>(null);
  const [unlocking, setUnlocking] = useState<TimesheetPerson | null>(null);
  const [approvingAll, setApprovingAll] = useState(false);
  /** A person whose period is not over yet: approving it is confirmed first (punches into it would be refused). */
  const [approvingEarly, setApprovingEarly] = useState<TimesheetPerson | null>(null);
  const me = useAuth().user;

  /** A person opened from the live view (or a shared link): shown open, and brought into view once. */
  const [focusing, setFocusing] = useState<string | null>(state.person);
  useEffect(() => {
    if (!state.person) return;
    setExpanded((current) => new Set([...current, state.person as string]));
    setFocusing(state.person);
  }, [state.person]);

  const entriesById = useMemo(() => new Map(sheet.entries.map((entry) => [entry.id, entry])), [sheet.entries]);
  const people = useMemo(() => {
    const wanted = search.trim().toLocaleLowerCase();
    return sheet.people.filter(
      (person) =>
        (!wanted || personName(person).toLocaleLowerCase().includes(wanted)) &&
        (!attentionOnly || needsAttention(person)),
    );
  }, [sheet.people, search, attentionOnly]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: clockKeys.all });

  const approve = useMutation({
    mutationFn: (person: TimesheetPerson) =>
      approvePeriod({ user_id: person.user_id, period_start: sheet.period.start }),
    onSuccess: (_, person) => {
      toaster.show("success", t("approval.approved", { name: isolate(personName(person) || t("unnamed")) }));
      void refresh();
    },
    onError: (error, person) => {
      const name = isolate(personName(person) || t("unnamed"));
      toaster.show(
        "error",
        `${t("approval.failed", { name })} ${failureText(error, "The period could not be approved")}`,
      );
      void refresh();
    },
  });

  const exportFile = useMutation({
    mutationFn: (extension: "csv" | "xlsx") => fetchTimesheetExport(scope, sheet.period.start, extension),
    onSuccess: (blob, extension) =>
      saveBlob(blob, exportFileName(sheet.all ? null : (sheet.boards[0]?.name ?? null), sheet.period.start, extension)),
    onError: (error) => {
      const problem = editProblemOf(error);
      if (problem === "generic") console.error("The timesheets could not be exported", error);
      toaster.show("error", `${t("export.failed")} ${t(`problems.${problem}`)}`);
    },
  });

  const toggle = (userId: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
    if (state.person === userId) onChange({ person: null });
  };

  const ongoing = sheet.today <= sheet.period.end;
  const approvedCount = sheet.people.filter((person) => person.approval !== null).length;
  const attentionCount = sheet.people.filter(needsAttention).length;
  const ready = useMemo(() => readyToApprove(sheet.people, sheet.can_manage, me), [sheet.people, sheet.can_manage, me]);
  const waitingCount = sheet.people.filter((person) => person.approval === null && needsAttention(person)).length;

  const approvedAll = (result: BulkApprovalResponse) => {
    setApprovingAll(false);
    const approvedNow = result.approved.length;
    const skippedNow = result.skipped.length;
    if (approvedNow > 0)
      toaster.show(
        "success",
        t("approveAll.done", { count: approvedNow, formatted: formatCount(approvedNow, language) }),
      );
    if (skippedNow > 0)
      toaster.show(
        "info",
        t("approveAll.skipped", { count: skippedNow, formatted: formatCount(skippedNow, language) }),
      );
    void refresh();
  };
  const hours = (minutes: number) => t("units.hours", { hours: formatHours(minutes, language) });
  const totals = sheet.totals;
  const noTime = sheet.entries.length === 0;

  const renderPerson = (person: TimesheetPerson) => (
    <PersonSheet
      person={person}
      sheet={sheet}
      entriesById={entriesById}
      expanded={expanded.has(person.user_id)}
      onToggle={() => toggle(person.user_id)}
      approving={approve.isPending && approve.variables?.user_id === person.user_id}
      onApprove={() => (ongoing ? setApprovingEarly(person) : approve.mutate(person))}
      onUnlock={() => setUnlocking(person)}
      onEdit={(entry) => setEditing({ kind: "edit", entry, person })}
      onAdd={(date, jobId) => setEditing({ kind: "create", person, date, jobId })}
      onDelete={(entry) => setDeleting({ entry, person })}
      onHistory={(entry) => setHistory({ entry, person })}
      scrollIntoView={focusing === person.user_id}
      onScrolledIntoView={() => setFocusing(null)}
    />
  );

  return (
    <section className={classes.section} aria-busy={busy || undefined}>
      <div className={classes.toolbar}>
        <PeriodNavigator sheet={sheet} onDate={(date) => onChange({ date, person: null }, true)} />
        <div className={classes.exportGroup}>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} stroke={1.75} aria-hidden="true" />}
            loading={exportFile.isPending && exportFile.variables === "csv"}
            disabled={exportFile.isPending}
            onClick={() => exportFile.mutate("csv")}
          >
            {t("export.csv")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} stroke={1.75} aria-hidden="true" />}
            loading={exportFile.isPending && exportFile.variables === "xlsx"}
            disabled={exportFile.isPending}
            onClick={() => exportFile.mutate("xlsx")}
          >
            {t("export.xlsx")}
          </Button>
        </div>
      </div>

      <dl className={classes.summary} aria-label={t("sheets.totalsLabel")} data-testid="sheet-totals">
        <SummaryItem label={t("columns.scheduled")} value={hours(totals.scheduled_minutes)} />
        <SummaryItem label={t("columns.worked")} value={hours(totals.worked_minutes)} strong />
        <SummaryItem label={t("columns.regular")} value={hours(totals.regular_minutes)} />
        <SummaryItem label={t("columns.overtime")} value={hours(totals.overtime_minutes)} />
        <SummaryItem
          label={t("columns.cost")}
          value={totals.cost === null ? t("noCost") : formatMoney(totals.cost, sheet.currency, language)}
          strong
        />
        <SummaryItem
          label={t("sheets.approved")}
          value={t("sheets.approvedOf", {
            approved: formatCount(approvedCount, language),
            total: formatCount(sheet.people.length, language),
          })}
        />
      </dl>
      {totals.uncosted_minutes > 0 ? (
        <Text size="sm" c="dimmed">
          {t("sheets.uncosted", { hours: formatHours(totals.uncosted_minutes, language) })}
        </Text>
      ) : null}

      {sheet.can_manage ? null : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}>
          {t("sheets.readOnly")}
        </Alert>
      )}

      {sheet.people.length === 0 ? (
        <section className={layout.empty} aria-label={t("sheets.emptyTitle")} data-testid="sheets-empty">
          <span className={layout.emptyIcon} aria-hidden="true">
            <IconUsersGroup size={28} stroke={1.6} />
          </span>
          <Title order={3} className={layout.emptyTitle}>
            {t("sheets.emptyTitle")}
          </Title>
          <Text c="dimmed" className={layout.emptyMessage}>
            {scope === "all" ? t("sheets.emptyAll") : t("sheets.empty")}
          </Text>
        </section>
      ) : (
        <>
          <div className={classes.filters}>
            <TextInput
              type="search"
              className={classes.search}
              aria-label={t("sheets.search")}
              placeholder={t("sheets.search")}
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.currentTarget.value)}
              leftSection={<IconSearch size={16} stroke={1.75} aria-hidden="true" />}
              rightSection={
                search ? (
                  <CloseButton size="sm" aria-label={t("live.clearSearch")} onClick={() => setSearch("")} />
                ) : null
              }
            />
            <Switch
              label={t("sheets.attentionOnly", { count: attentionCount })}
              checked={attentionOnly}
              onChange={(event) => setAttentionOnly(event.currentTarget.checked)}
            />
            {ready.length > 0 ? (
              <Button
                variant="light"
                leftSection={<IconChecks size={16} stroke={1.75} aria-hidden="true" />}
                onClick={() => setApprovingAll(true)}
                data-testid="approve-all"
              >
                {t("approveAll.button", { count: ready.length, formatted: formatCount(ready.length, language) })}
              </Button>
            ) : null}
          </div>
          {noTime ? (
            <Alert variant="light" color="gray" data-testid="sheets-no-time">
              {t("sheets.noTime")}
            </Alert>
          ) : null}
          {people.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t("sheets.noMatch")}
            </Text>
          ) : people.length > VIRTUALIZE_FROM ? (
            <VirtualPeople people={people} render={renderPerson} focusId={focusing} />
          ) : (
            <ul className={classes.sheetList} aria-label={t("sheets.listLabel")}>
              {people.map((person) => (
                <li key={person.user_id}>{renderPerson(person)}</li>
              ))}
            </ul>
          )}
        </>
      )}

      {sheet.can_manage ? (
        <>
          <ConfirmDialog
            opened={approvingEarly !== null}
            title={t("approval.earlyTitle", {
              name: isolate(approvingEarly ? personName(approvingEarly) || t("unnamed") : ""),
            })}
            message={t("approveAll.ongoing")}
            confirmLabel={t("approval.approve")}
            cancelLabel={t("editor.cancel")}
            onConfirm={() => {
              if (approvingEarly) approve.mutate(approvingEarly);
              setApprovingEarly(null);
            }}
            onCancel={() => setApprovingEarly(null)}
          />
          <ApproveAllDialog
            opened={approvingAll}
            people={ready}
            waiting={waitingCount}
            period={sheet.period}
            ongoing={ongoing}
            onClose={() => setApprovingAll(false)}
            onDone={approvedAll}
          />
          <EntryEditor
            target={editing}
            sheet={sheet}
            onClose={() => setEditing(null)}
            onSaved={(created) => {
              const name = editing ? isolate(personName(editing.person) || t("unnamed")) : "";
              setEditing(null);
              toaster.show("success", created ? t("editor.created", { name }) : t("editor.saved", { name }));
              void refresh();
            }}
          />
          <DeleteEntryDialog
            target={deleting}
            sheet={sheet}
            onClose={() => setDeleting(null)}
            onDeleted={() => {
              setDeleting(null);
              toaster.show("success", t("delete.done"));
              void refresh();
            }}
          />
          <UnlockDialog
            person={unlocking}
            period={sheet.period}
            onClose={() => setUnlocking(null)}
            onUnlocked={(person) => {
              setUnlocking(null);
              toaster.show("success", t("approval.unlocked", { name: isolate(personName(person) || t("unnamed")) }));
              void refresh();
            }}
          />
        </>
      ) : null}
      <HistoryModal target={history} sheet={sheet} onClose={() => setHistory(null)} />
    </section>
  );
}

function SummaryItem({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={classes.summaryItem} data-strong={strong || undefined}>
      <dt className={classes.summaryLabel}>{label}</dt>
      <dd className={classes.summaryValue}>{value}</dd>
    </div>
  );
}

/**
 * A long list of people, virtualised against the window: only what is on
 * screen (plus a few) is in the page; cards measure themselves (an open one
 * is taller).
 */
function VirtualPeople({
  people,
  render,
  focusId,
}: {
  people: TimesheetPerson[];
  render(person: TimesheetPerson): React.ReactNode;
  focusId: string | null;
}) {
  const { t } = useTranslation("timeClock");
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const node = listRef.current;
    if (!node) return;
    const measure = () => {
      const top = node.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) > 0.5 ? top : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: people.length,
    estimateSize: () => (phone ? 420 : 300),
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => people[index]?.user_id ?? index,
  });

  // A person opened from the live view is brought into view once the list knows where it is.
  const focusIndex = focusId ? people.findIndex((person) => person.user_id === focusId) : -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per person asked for
  useEffect(() => {
    if (focusIndex >= 0) virtualizer.scrollToIndex(focusIndex, { align: "start" });
  }, [focusIndex]);

  return (
    <ul
      ref={listRef}
      className={classes.virtualList}
      aria-label={t("sheets.listLabel")}
      style={{ blockSize: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const person = people[item.index];
        return person ? (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={classes.virtualItem}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            aria-setsize={people.length}
            aria-posinset={item.index + 1}
          >
            {render(person)}
          </li>
        ) : null;
      })}
    </ul>
  );
}
