import { Alert, Tabs, Text, Title } from "@mantine/core";
import { IconCalendarEvent, IconLock, IconScale, IconSettings } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { adminPaths, can, type InboxItem, todayIn } from "@workshift/contracts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { NotFoundPage } from "../../components/NotFoundPage/NotFoundPage.tsx";
import { Toasts, useToaster } from "../../components/Toasts/Toasts.tsx";
import work from "../../components/WorkPage/WorkPage.module.css";
import { useAuth } from "../../lib/auth-context.ts";
import { problemCodeOf, useProblemText } from "../../lib/problem-text.ts";
import { requestKeys } from "../../lib/requests-live.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { isolated } from "../../lib/time-off-format.ts";
import "./mantine-styles.ts";
import { BalancesPanel } from "./balances/BalancesPanel.tsx";
import { CalendarView } from "./calendar/CalendarView.tsx";
import { calendarRange, type LeaveItem, stepAnchor } from "./calendar/calendar-layout.ts";
import { type Decision, DecisionDrawer } from "./decide/DecisionDrawer.tsx";
import { ScopePicker, useScopeName } from "./ScopePicker.tsx";
import { SetupPanel } from "./setup/SetupPanel.tsx";
import classes from "./TimeOff.module.css";
import { approveTimeOff, declineTimeOff, timeOffKeys, useCalendar, usePendingCancellations } from "./time-off-api.ts";
import { paramsWithTimeOffState, shownTab, type TimeOffUrlState, timeOffStateFromParams } from "./time-off-url.ts";
import { useCalendarFollows } from "./use-calendar-follows.ts";

/** Refusals meaning the request moved on meanwhile: the calendar and the request are read again. */
const movedOn = new Set(["request_changed", "request_not_waiting", "not_found"]);

/** The week start last answered (the calendar's days depend on it before the first answer of a visit). */
let knownWeekStart = 1;

/** The browser's zone, for "today" before the calendar names its own. */
const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /admin/time-off/:id — time off of a board's people (or everyone's, `all`):
 * the team calendar (who is off, month or week, pending apart from approved,
 * each job's count against its limit) where leave is opened and decided; the
 * balances, and the settings for who sets time off up. The tab, the view, the
 * days and the request open live in the address.
 */
export function TimeOffPage() {
  const { t } = useTranslation("timeOff");
  const { t: tr } = useTranslation("requests");
  const { user } = useAuth();
  const who = user ?? { role: null };
  const mayView = can(who, "timeOff.view");
  const mayApprove = can(who, "timeOff.approve");
  const mayManage = can(who, "timeOff.manage");
  const { id: scope = "" } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => timeOffStateFromParams(params), [params]);
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const scopeName = useScopeName(scope);
  const pageRef = useRef<HTMLDivElement>(null);

  const setState = useCallback(
    (next: Partial<TimeOffUrlState>, step = false) =>
      setParams((current) => paramsWithTimeOffState(current, { ...timeOffStateFromParams(current), ...next }), {
        replace: !step,
      }),
    [setParams],
  );

  const [weekStart, setWeekStart] = useState(knownWeekStart);
  const [zone, setZone] = useState<string | null>(null);
  const today = todayIn(zone ?? localZone);
  const anchor = state.date ?? today;
  const range = useMemo(() => calendarRange(state.view, anchor, weekStart), [state.view, anchor, weekStart]);
  const calendar = useCalendar(scope, range.from, range.to, mayView);
  // The requests' stream and list are for who may open the inbox (as the sidebar's count).
  const mayInbox = mayApprove && can(who, "requests.view");
  useCalendarFollows(mayInbox);
  const cancellations = usePendingCancellations(mayInbox);
  const data = calendar.data;

  // The first answer names the week's first day and the zone of "today": the days follow them.
  useEffect(() => {
    if (!data) return;
    knownWeekStart = data.week_start;
    setWeekStart(data.week_start);
    setZone(data.time_zone);
  }, [data]);

  const jobNames = useMemo(() => new Map((data?.jobs ?? []).map((job) => [job.id, job.name])), [data?.jobs]);
  const jobName = useCallback((jobId: string) => jobNames.get(jobId), [jobNames]);

  // Where focus goes back when the drawer closes: the leave item opened, else the calendar's heading.
  const opener = useRef<{ requestId: string; day: string } | null>(null);
  const restoreFocus = useCallback(() => {
    const root = pageRef.current;
    if (!root) return;
    const from = opener.current;
    opener.current = null;
    const item = from
      ? root.querySelector<HTMLElement>(
          `[data-testid="time-off-item"][data-request-id="${CSS.escape(from.requestId)}"][data-day="${from.day}"]`,
        )
      : null;
    (item ?? root.querySelector<HTMLElement>("[data-testid='time-off-calendar'] h2"))?.focus();
  }, []);

  const openItem = useCallback(
    (item: LeaveItem) => {
      opener.current = { requestId: item.requestId, day: item.day };
      setState({ request: item.cancelRequestId ?? item.requestId });
    },
    [setState],
  );
  const closeDrawer = useCallback(() => {
    setState({ request: null });
    // After the drawer's own closing: the leave item is in the page again.
    setTimeout(restoreFocus, 0);
  }, [setState, restoreFocus]);

  const refreshAll = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: timeOffKeys.all }),
        queryClient.invalidateQueries({ queryKey: requestKeys.all }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      ]),
    [queryClient],
  );

  const decide = useCallback(
    async (item: InboxItem, decision: Decision) => {
      try {
        if (decision.kind === "approve") await approveTimeOff(item.id, item.version, decision.shifts);
        else await declineTimeOff(item.id, item.version, decision.reason);
      } catch (error) {
        if (movedOn.has(problemCodeOf(error))) void refreshAll();
        throw error;
      }
      const name = isolated(`${item.author.first_name} ${item.author.last_name}`.trim());
      toaster.show(
        "success",
        decision.kind === "approve"
          ? tr(`decided.approved.${item.kind}`, { name })
          : tr(`decided.declined.${item.kind}`, { name }),
      );
      // The calendar is read again before the drawer closes, so focus can go back to the item (or what replaced it).
      await refreshAll();
      closeDrawer();
    },
    [refreshAll, closeDrawer, toaster, tr],
  );

  const title = scopeName ? t("page.titleScope", { scope: isolated(scopeName) }) : t("title");
  const tab = shownTab(state.tab, { balances: mayView, settings: mayManage });

  if (!mayView || problemCodeOf(calendar.error) === "forbidden") {
    return (
      <div className={classes.page}>
        <DocumentTitle page={title} />
        <Title order={1} className={work.title}>
          {t("title")}
        </Title>
        <Alert
          variant="light"
          color="yellow"
          title={t("page.forbiddenTitle")}
          icon={<IconLock size={20} stroke={1.75} aria-hidden="true" />}
        >
          {t("page.forbidden")}
        </Alert>
      </div>
    );
  }

  if (calendar.isError && !data) {
    const code = problemCodeOf(calendar.error);
    if (code === "not_found" || code === "validation_failed") return <NotFoundPage />;
  }

  return (
    <div className={classes.page} ref={pageRef} data-testid="time-off-page">
      <DocumentTitle page={title} />
      <header className={work.header}>
        <div className={work.heading}>
          <Title order={1} className={work.title}>
            {t("title")}
          </Title>
          <Text c="dimmed" size="sm" className={work.subtitle}>
            {scopeName ?? t("scope.board")}
            {data ? ` · ${t("page.zone", { zone: isolated(data.time_zone.replaceAll("_", " ")) })}` : ""}
          </Text>
        </div>
        <ScopePicker
          scope={scope}
          onChange={(next) =>
            navigate({
              pathname: adminPaths.timeOff.replace(":id", encodeURIComponent(next)),
              search: paramsWithTimeOffState(params, { ...state, request: null }).toString(),
            })
          }
        />
      </header>

      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === "calendar" || value === "balances" || value === "settings") setState({ tab: value }, true);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t("tabs.label")}>
          <Tabs.Tab value="calendar" leftSection={<IconCalendarEvent size={18} stroke={1.75} aria-hidden="true" />}>
            {t("tabs.calendar")}
          </Tabs.Tab>
          {mayView ? (
            <Tabs.Tab value="balances" leftSection={<IconScale size={18} stroke={1.75} aria-hidden="true" />}>
              {t("tabs.balances")}
            </Tabs.Tab>
          ) : null}
          {mayManage ? (
            <Tabs.Tab value="settings" leftSection={<IconSettings size={18} stroke={1.75} aria-hidden="true" />}>
              {t("tabs.settings")}
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="calendar" pt="md">
          <CalendarView
            view={state.view}
            anchor={anchor}
            range={range}
            today={today}
            weekStart={weekStart}
            data={data}
            cancellations={cancellations.data}
            busy={calendar.isPlaceholderData}
            failure={
              calendar.isError
                ? problemText(calendar.error, { logAs: "The time-off calendar could not be read" })
                : null
            }
            onRetry={() => void calendar.refetch()}
            retrying={calendar.isFetching}
            onStep={(direction) => setState({ date: stepAnchor(anchor, state.view, direction) })}
            onToday={() => setState({ date: null })}
            onView={(view) => setState({ view }, true)}
            onOpen={openItem}
          />
        </Tabs.Panel>
        {mayView ? (
          <Tabs.Panel value="balances" pt="md">
            <BalancesPanel boardId={scope} />
          </Tabs.Panel>
        ) : null}
        {mayManage ? (
          <Tabs.Panel value="settings" pt="md">
            <SetupPanel />
          </Tabs.Panel>
        ) : null}
      </Tabs>

      <DecisionDrawer
        requestId={tab === "calendar" ? state.request : null}
        mayDecide={mayApprove}
        jobName={jobName}
        onDecide={decide}
        onClose={closeDrawer}
      />
      <Toasts toaster={toaster} />
    </div>
  );
}
