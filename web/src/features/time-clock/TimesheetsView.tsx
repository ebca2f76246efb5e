import { Alert, Skeleton, Text, Title } from "@mantine/core";
import { IconInfoCircle, IconUsersGroup } from "@tabler/icons-react";
import type { TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import layout from "../../components/AdminPage/AdminPage.module.css";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { ApproveAllDialog } from "./ApproveAllDialog.tsx";
import type { ClockUrlState } from "./clock-url.ts";
import { DeleteEntryDialog } from "./DeleteEntryDialog.tsx";
import { EntryEditor } from "./EntryEditor.tsx";
import type { EntryEditorTarget } from "./entry-target.ts";
import { HistoryModal } from "./HistoryModal.tsx";
import { isolate, personName } from "./live-status.ts";
import { PeriodNavigator } from "./PeriodNavigator.tsx";
import { PersonSheet } from "./PersonSheet.tsx";
import classes from "./TimeClock.module.css";
import { TimesheetExport } from "./TimesheetExport.tsx";
import { TimesheetFilters } from "./TimesheetFilters.tsx";
import { TimesheetSummary } from "./TimesheetSummary.tsx";
import { needsAttention, readyToApprove } from "./timesheet-rules.ts";
import { UnlockDialog } from "./UnlockDialog.tsx";
import { useTimesheetWrites } from "./use-timesheet-writes.ts";
import { VirtualPeopleList } from "./VirtualPeopleList.tsx";

/** More people than this are virtualised against the window (as the people list is). */
const VIRTUALIZE_FROM = 30;

interface TimesheetsViewProps {
  scope: string;
  sheet: TimesheetResponse;
  /** The last period stays on screen while the next one loads. */
  busy: boolean;
  /** Only the first page of people is in (sheet.page): search, filters and "approve all" wait for everyone. */
  partial: boolean;
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
export function TimesheetsView({ scope, sheet, busy, partial, state, onChange, toaster }: TimesheetsViewProps) {
  const { t } = useTranslation("timeClock");
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

  const { approve, exportFile, approvedAll, refresh } = useTimesheetWrites({
    scope,
    sheet,
    toaster,
    onApprovedAll: () => setApprovingAll(false),
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
  const attentionCount = sheet.people.filter(needsAttention).length;
  const ready = useMemo(() => readyToApprove(sheet.people, sheet.can_manage, me), [sheet.people, sheet.can_manage, me]);
  const waitingCount = sheet.people.filter((person) => person.approval === null && needsAttention(person)).length;

  const noTime = (sheet.page?.entries ?? sheet.entries.length) === 0;

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
        <TimesheetExport
          pending={exportFile.isPending}
          exporting={exportFile.variables?.extension}
          onExport={(extension, byDay) => exportFile.mutate({ extension, byDay })}
        />
      </div>

      <TimesheetSummary sheet={sheet} />

      {sheet.can_manage ? null : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}>
          {t("sheets.readOnly")}
        </Alert>
      )}

      {(sheet.page?.people ?? sheet.people.length) === 0 ? (
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
          <TimesheetFilters
            search={search}
            onSearch={setSearch}
            attentionOnly={attentionOnly}
            onAttentionOnly={setAttentionOnly}
            attentionCount={attentionCount}
            readyCount={ready.length}
            onApproveAll={() => setApprovingAll(true)}
            loadingEveryone={partial}
          />
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
            <VirtualPeopleList people={people} render={renderPerson} focusId={focusing} />
          ) : (
            <ul className={classes.sheetList} aria-label={t("sheets.listLabel")}>
              {people.map((person) => (
                <li key={person.user_id}>{renderPerson(person)}</li>
              ))}
            </ul>
          )}
          {partial ? (
            <div role="status" className={classes.skeleton} data-testid="sheets-loading-rest">
              <Text c="dimmed" size="sm">
                {t("sheets.loadingRest")}
              </Text>
              <Skeleton height={56} radius="sm" />
            </div>
          ) : null}
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
