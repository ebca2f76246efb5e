import { Alert, Button } from "@mantine/core";
import { IconLock, IconSettings } from "@tabler/icons-react";
import { can, decidableRequestKinds, type InboxItem } from "@workshift/contracts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import layout from "../../components/AdminPage/AdminPage.module.css";
import { AdminPageHeader } from "../../components/AdminPage/AdminPageHeader.tsx";
import { LiveIndicator } from "../../components/LiveIndicator/LiveIndicator.tsx";
import { Toasts, useToaster } from "../../components/Toasts/Toasts.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { problemCodeOf, useProblemText } from "../../lib/problem-text.ts";
import { useRequestCount, useRequestsLive } from "../../lib/requests-live.ts";
import "./mantine-styles.ts";
import { BulkApproveDialog } from "./BulkApproveDialog.tsx";
import { BulkBar } from "./BulkBar.tsx";
import { BulkSummaryPanel } from "./BulkSummaryPanel.tsx";
import { keepSelectable, selectAllState, selectableIds } from "./bulk.ts";
import { DeclineDialog } from "./DeclineDialog.tsx";
import { InboxFiltersBar } from "./InboxFiltersBar.tsx";
import { InboxEmpty, InboxError, InboxSkeleton } from "./InboxStates.tsx";
import {
  filtersFromParams,
  type InboxFilters,
  isNarrowed,
  paramsFromFilters,
  withoutNarrowing,
} from "./inbox-filters.ts";
import { flattenInbox, listedAuthors, needsJobs, needsOrganizationZone } from "./inbox-pages.ts";
import { RequestCard } from "./RequestCard.tsx";
import classes from "./Requests.module.css";
import { formatCount } from "./request-format.ts";
import { requestTitle } from "./request-text.ts";
import { useInbox, useInboxJobs, useOrganizationZone } from "./requests-api.ts";
import { SettingsModal } from "./SettingsModal.tsx";
import { useDecisionFocus } from "./use-decision-focus.ts";
import { useDecisions } from "./use-decisions.ts";

/** "Asked 5 minutes ago" moves on by itself. */
const CLOCK_TICK_MS = 60_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /admin/request: every request that waits for this manager's yes, of the
 * kinds they decide, newest first, each with the impact of a yes. Filters
 * live in the address; decisions are made one by one or many at once; the
 * list and the sidebar's count follow changes live. The organization's
 * request settings open from here for who may change them.
 */
export function RequestsPage() {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const { user } = useAuth();
  const role = user?.role;
  const permissions = user?.permissions;
  const who = useMemo(() => ({ role, permissions }), [role, permissions]);
  const mayView = can(who, "requests.view");
  const clientKinds = useMemo(() => decidableRequestKinds(who), [who]);
  const enabled = mayView && clientKinds.length > 0;

  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: InboxFilters) => setParams(paramsFromFilters(next), { replace: true }),
    [setParams],
  );

  const inbox = useInbox(filters, clientKinds, enabled);
  const live = useRequestsLive(enabled);
  const count = useRequestCount(enabled);
  const toaster = useToaster();
  const [declining, setDeclining] = useState<readonly InboxItem[] | null>(null);
  const [approvingMany, setApprovingMany] = useState<readonly InboxItem[] | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const focus = useDecisionFocus(pageRef, declining !== null || approvingMany !== null);
  // The list as last shown, for where focus goes once a decided card leaves it.
  const listedIds = useRef<readonly string[]>([]);
  const { afterDecision } = focus;
  const onLeaving = useCallback(
    (item: InboxItem) => afterDecision(listedIds.current, new Set([item.id])),
    [afterDecision],
  );
  const decisions = useDecisions(toaster, onLeaving);
  const now = useNow();
  const problemText = useProblemText();

  const items = useMemo(() => flattenInbox(inbox.data?.pages), [inbox.data]);
  useEffect(() => {
    listedIds.current = items.map((item) => item.id);
  }, [items]);
  const kinds = inbox.data?.pages[0]?.kinds ?? clientKinds;
  const people = useMemo(() => listedAuthors(items, language), [items, language]);
  const jobsQuery = useInboxJobs(needsJobs(items) && can(who, "jobs.view"));
  const jobs = useMemo(() => new Map((jobsQuery.data ?? []).map((job) => [job.id, job])), [jobsQuery.data]);
  const zone = useOrganizationZone(needsOrganizationZone(items) && can(who, "company.view"));
  const fallbackZone = zone.data ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // What was chosen and is still listed and waiting (a request decided meanwhile drops out by itself).
  const selected = useMemo(() => keepSelectable(chosen, items), [chosen, items]);
  const onSelect = useCallback((id: string, on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const selectedItems = items.filter((item) => selected.has(item.id));

  const [settingsOpen, setSettingsOpen] = useState(false);

  const onDecline = useCallback((item: InboxItem) => setDeclining([item]), []);
  const { approve } = decisions;

  const header = (
    <AdminPageHeader
      title={t("title")}
      description={t("description")}
      action={
        <div className={classes.headerActions}>
          <LiveIndicator
            status={live}
            text={(shown) => ({ label: t(`live.${shown}`), hint: t(`live.${shown}Hint`) })}
          />
          {can(who, "requests.settings") ? (
            <Button
              variant="default"
              leftSection={<IconSettings size={18} stroke={1.75} aria-hidden="true" />}
              onClick={() => setSettingsOpen(true)}
            >
              {t("settings.open")}
            </Button>
          ) : null}
        </div>
      }
    />
  );

  const settings = can(who, "requests.settings") ? (
    <SettingsModal
      opened={settingsOpen}
      onClose={() => setSettingsOpen(false)}
      onSaved={() => {
        setSettingsOpen(false);
        toaster.show("success", t("settings.saved"));
      }}
    />
  ) : null;

  if (!mayView || problemCodeOf(inbox.error) === "forbidden") {
    return (
      <div className={layout.page}>
        {header}
        <Alert
          variant="light"
          color="yellow"
          title={t("errors.forbiddenTitle")}
          icon={<IconLock size={20} stroke={1.75} aria-hidden="true" />}
        >
          {t("errors.forbidden")}
        </Alert>
      </div>
    );
  }

  if (!enabled || (inbox.data && kinds.length === 0)) {
    return (
      <div className={layout.page}>
        {header}
        <InboxEmpty kind="noKinds" />
        {settings}
        <Toasts toaster={toaster} />
      </div>
    );
  }

  const emptyKind =
    items.length > 0
      ? null
      : isNarrowed(filters)
        ? "noMatch"
        : filters.state === "waiting" || filters.state === "pending" || filters.state === "offered"
          ? "nothingWaits"
          : "noHistory";
  const waitingOnPage = selectableIds(items).length;

  return (
    <div className={layout.page} data-testid="requests-page" ref={pageRef}>
      {header}
      <InboxFiltersBar
        filters={filters}
        onChange={setFilters}
        kinds={kinds}
        waitingByKind={count.data?.by_kind}
        listedPeople={people}
        maySearchPeople={can(who, "people.view")}
      />

      {decisions.summary ? <BulkSummaryPanel summary={decisions.summary} onDismiss={decisions.dismissSummary} /> : null}

      {inbox.isError && !inbox.data ? (
        <InboxError
          message={problemText(inbox.error, { logAs: "The requests could not be read" })}
          onRetry={() => void inbox.refetch()}
        />
      ) : !inbox.data ? (
        <InboxSkeleton />
      ) : emptyKind ? (
        <InboxEmpty
          kind={emptyKind}
          onClear={emptyKind === "noMatch" ? () => setFilters(withoutNarrowing(filters)) : undefined}
        />
      ) : (
        <>
          <BulkBar
            selectable={waitingOnPage}
            selected={selected.size}
            state={selectAllState(selected, items)}
            onSelectAll={(on) => setChosen(on ? new Set(selectableIds(items)) : new Set())}
            onApprove={() => setApprovingMany(selectedItems)}
            onDecline={() => setDeclining(selectedItems)}
            onClear={() => setChosen(new Set())}
          />
          <ul className={classes.list} aria-label={t("list.label")} aria-busy={inbox.isFetching || undefined}>
            {items.map((item) => (
              <li key={item.id}>
                <RequestCard
                  item={item}
                  entryZone={item.correction?.time_zone ?? fallbackZone}
                  jobs={jobs}
                  selected={selected.has(item.id)}
                  onSelect={onSelect}
                  approving={decisions.approving.has(item.id)}
                  failure={decisions.failures.get(item.id)}
                  onApprove={approve}
                  onDecline={onDecline}
                  now={now}
                />
              </li>
            ))}
          </ul>
          {inbox.isError ? (
            <InboxError
              message={problemText(inbox.error, { logAs: "More requests could not be read" })}
              onRetry={() => void inbox.fetchNextPage()}
            />
          ) : null}
          {inbox.hasNextPage ? (
            <div className={classes.more}>
              <Button variant="default" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
                {t("list.more")}
              </Button>
            </div>
          ) : null}
        </>
      )}

      <DeclineDialog
        opened={declining !== null}
        title={
          declining && declining.length === 1
            ? t("decline.titleOne")
            : t("decline.titleMany", {
                count: declining?.length ?? 0,
                formatted: formatCount(declining?.length ?? 0, language),
              })
        }
        message={
          declining && declining.length === 1 && declining[0] ? requestTitle(declining[0], t) : t("decline.messageMany")
        }
        confirmLabel={
          declining && declining.length > 1
            ? t("bulk.decline", { count: declining.length, formatted: formatCount(declining.length, language) })
            : t("actions.decline")
        }
        failureText={(error) => decisions.failureText(error, "The request could not be declined")}
        onDecline={async (reason) => {
          if (!declining) return;
          const [only] = declining;
          if (declining.length === 1 && only) await decisions.decline(only, reason);
          else {
            await decisions.decideAll("decline", declining, reason);
            setChosen(new Set());
            focus.afterBulk();
          }
          setDeclining(null);
        }}
        onClose={() => setDeclining(null)}
      />
      <BulkApproveDialog
        items={approvingMany}
        failureText={(error) => decisions.failureText(error, "The requests could not be approved")}
        onApprove={async (chosenItems) => {
          await decisions.decideAll("approve", chosenItems);
          setChosen(new Set());
          focus.afterBulk();
        }}
        onClose={() => setApprovingMany(null)}
      />
      {settings}
      <Toasts toaster={toaster} />
    </div>
  );
}
