import { Alert, Anchor, Button, Skeleton, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle, IconLock, IconUsersGroup } from "@tabler/icons-react";
import { adminPaths, todayIn } from "@workshift/contracts";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { NotFoundPage } from "../../components/NotFoundPage/NotFoundPage.tsx";
import { Toasts, useToaster } from "../../components/Toasts/Toasts.tsx";
import { whenIdle } from "../../lib/when-idle.ts";
import { dateRangeFormat, monthFormat } from "./board-format.ts";
import "./board-styles.ts";
import pageClasses from "../../components/AdminPage/AdminPage.module.css";
import work from "../../components/WorkPage/WorkPage.module.css";
import { type BoardUrlState, boardStateFromParams, paramsFromBoardState, stepDate } from "../../lib/board-url.ts";
import { problemCodeOf } from "../../lib/problem-text.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { LiveIndicator } from "./LiveIndicator.tsx";
import classes from "./SchedulePage.module.css";
import { ScheduleToolbar } from "./ScheduleToolbar.tsx";
import { SelectionBar } from "./SelectionBar.tsx";
import type { ShiftDraft } from "./schedule-types.ts";
import { useBoardSelection } from "./use-board-selection.ts";
import { useBoardWrites } from "./use-board-writes.ts";
import { usePrintMode } from "./use-print-mode.ts";
import { useScheduleEvents } from "./use-schedule-events.ts";
import { WeekBoard } from "./WeekBoard.tsx";
import { useWeek } from "./week-api.ts";

// Not needed for the week's first screen: their code arrives when first wanted (the editor's also once the board is idle).
const loadEditor = () => import("./ShiftEditor.tsx");
const ShiftEditor = lazy(() => loadEditor().then((m) => ({ default: m.ShiftEditor })));
const DayTimeline = lazy(() => import("./DayTimeline.tsx").then((m) => ({ default: m.DayTimeline })));
const MonthOverview = lazy(() => import("./MonthOverview.tsx").then((m) => ({ default: m.MonthOverview })));

/**
 * Texts the week's first screen does not show (the day and month views, the
 * editor's and write errors' field messages, the not-found page): the route
 * waits only for "schedule" and "scheduleEdit", so the page's first load asks
 * for fewer files; these follow once the board is idle. Whoever renders one
 * before that suspends until it is there (never a flash of keys).
 */
const LATER_NAMESPACES = ["scheduleViews", "validation", "errors"] as const;

/**
 * /admin/jobs-scheduling-dashboard/:id — one board's schedule, or every
 * board the person may see (`all`). The week (default), a day timeline or
 * the month; which one, the day, the job filter, the search and grouping
 * live in the address. Other managers' changes arrive live.
 */
export function SchedulePage() {
  const { t, i18n } = useTranslation("schedule");
  const { id: scope = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => boardStateFromParams(params), [params]);
  const language = i18n.resolvedLanguage;

  const setState = useCallback(
    (next: Partial<BoardUrlState>, step = false) =>
      setParams((current) => paramsFromBoardState({ ...boardStateFromParams(current), ...next }), { replace: !step }),
    [setParams],
  );

  const dateKey = state.date ?? "";
  const query = useWeek(scope, dateKey);
  const week = query.data;
  const busy = query.isPlaceholderData;
  const date = state.date ?? (week ? todayIn(week.time_zone) : null);

  const weekKey = useMemo(() => scheduleKeys.week(scope, dateKey), [scope, dateKey]);
  const toaster = useToaster();
  const writes = useBoardWrites(week, weekKey, toaster);
  const selection = useBoardSelection();
  const printing = usePrintMode();
  const live = useScheduleEvents(scope, week !== undefined);
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  // What had focus on the page before the shift editor: focus goes back there when the editor closes,
  // should Mantine's own return find its element gone or hidden (a cell or a bar drawn again).
  const lastFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: globalThis.FocusEvent) => {
      if (event.target instanceof HTMLElement && !event.target.closest("[role='dialog']"))
        lastFocus.current = event.target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);
  const closeEditor = useCallback(() => {
    setDraft(null);
    setTimeout(() => {
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      if (lastFocus.current?.isConnected) lastFocus.current.focus();
    }, 300);
  }, []);
  // Mounted from the first opening on, so its closing animation and "discard changes?" keep working.
  const [editorWanted, setEditorWanted] = useState(false);
  const open = useCallback((next: ShiftDraft) => {
    setEditorWanted(true);
    setDraft(next);
  }, []);
  useEffect(() => {
    if (!week) return;
    whenIdle(() => {
      void loadEditor().catch(() => {});
      void i18n.loadNamespaces([...LATER_NAMESPACES]).catch(() => {});
    });
  }, [week, i18n]);

  const { keepOnly } = selection;
  useEffect(() => {
    if (week) keepOnly(new Set(week.shifts.map((shift) => shift.id)));
  }, [week, keepOnly]);

  const title = week
    ? scope === "all"
      ? t("title.all")
      : (week.boards[0]?.name ?? t("title.board"))
    : scope === "all"
      ? t("title.all")
      : t("title.board");

  if (query.isError && !week) {
    const code = problemCodeOf(query.error);
    if (code === "not_found" || code === "validation_failed") return <NotFoundPage />;
    return (
      <div className={classes.page}>
        <DocumentTitle page={title} />
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {code === "forbidden" ? (
          <Alert
            variant="light"
            color="yellow"
            title={t("errors.forbiddenTitle")}
            icon={<IconLock size={20} stroke={1.75} aria-hidden="true" />}
          >
            {t("errors.forbidden")}
          </Alert>
        ) : (
          <Alert
            variant="light"
            color="red"
            role="alert"
            title={t("errors.loadFailedTitle")}
            icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
          >
            {t("errors.loadFailed")}{" "}
            <Anchor component="button" type="button" inherit fw={600} onClick={() => void query.refetch()}>
              {t("errors.retry")}
            </Anchor>
          </Alert>
        )}
      </div>
    );
  }

  if (!week || !date) return <BoardSkeleton title={title} />;

  const onStep = (direction: -1 | 1) => setState({ date: stepDate(date, state.view, direction) }, true);
  const subtitle =
    state.view === "month"
      ? monthFormat(language)(date)
      : state.view === "day"
        ? new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" }).format(
            new Date(`${date}T12:00:00Z`),
          )
        : dateRangeFormat(language)(week.start_date, week.end_date);
  const empty = week.people.length === 0 && week.shifts.length === 0;
  const filter = { jobIds: state.jobIds, search: state.search, groupByJob: state.groupByJob };

  let content: ReactNode;
  if (state.view === "month") {
    content = (
      <Suspense fallback={<ViewLoading />}>
        <MonthOverview
          scope={scope}
          month={date.slice(0, 7)}
          onPickDate={(picked: string) => setState({ date: picked, view: "day" }, true)}
        />
      </Suspense>
    );
  } else if (state.view === "day") {
    content = (
      <Suspense fallback={<ViewLoading />}>
        <DayTimeline week={week} date={date} filter={filter} onOpen={open} />
      </Suspense>
    );
  } else {
    content = (
      <WeekBoard
        week={week}
        filter={filter}
        busy={busy}
        printing={printing}
        selection={selection}
        writes={writes}
        toaster={toaster}
        onOpen={open}
      />
    );
  }

  return (
    <div className={classes.page} data-schedule-page aria-busy={busy || undefined}>
      <DocumentTitle page={title} />
      <header className={work.header}>
        <div className={work.heading}>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" className={work.subtitle}>
            <span>{subtitle}</span>
            <span aria-hidden="true"> · </span>
            <span>
              {t(week.boards.some((board) => board.time_zone !== week.time_zone) ? "title.zoneMixed" : "title.zone", {
                zone: week.time_zone.replaceAll("_", " "),
              })}
            </span>
          </Text>
        </div>
        <LiveIndicator status={live} />
      </header>

      <ScheduleToolbar
        state={state}
        date={date}
        week={week}
        scope={scope}
        selectedIds={[...selection.ids]}
        onClearSelection={selection.clear}
        toaster={toaster}
        onChange={setState}
        onStep={onStep}
      />

      {week.can_manage ? null : (
        <Alert
          variant="light"
          color="blue"
          className={classes.noPrint}
          icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}
        >
          {t("readOnly")}
        </Alert>
      )}

      {state.view === "week" ? (
        <SelectionBar
          count={selection.ids.size}
          canManage={week.can_manage}
          onDelete={() => writes.removeMany([...selection.ids])}
          onClear={selection.clear}
        />
      ) : null}

      {empty ? <EmptyBoard scope={scope} /> : null}
      {empty && !week.can_manage ? null : content}

      {editorWanted ? (
        <Suspense fallback={null}>
          <ShiftEditor week={week} draft={draft} onClose={closeEditor} />
        </Suspense>
      ) : null}
      <Toasts toaster={toaster} />
    </div>
  );
}

function EmptyBoard({ scope }: { scope: string }) {
  const { t } = useTranslation("schedule");
  return (
    <section className={pageClasses.empty} aria-labelledby="schedule-empty-title" data-testid="schedule-empty">
      <span className={pageClasses.emptyIcon} aria-hidden="true">
        <IconUsersGroup size={28} stroke={1.6} />
      </span>
      <Title order={2} id="schedule-empty-title" className={pageClasses.emptyTitle}>
        {t("empty.title")}
      </Title>
      <Text c="dimmed" className={pageClasses.emptyMessage}>
        {scope === "all" ? t("empty.messageAll") : t("empty.message")}
      </Text>
      <Button component={Link} to={adminPaths.jobsScheduling} variant="light">
        {t("empty.action")}
      </Button>
    </section>
  );
}

function ViewLoading() {
  const { t } = useTranslation("schedule");
  return <Skeleton height={320} radius="md" aria-label={t("loading")} />;
}

function BoardSkeleton({ title }: { title: string }) {
  const { t } = useTranslation("schedule");
  return (
    <div className={classes.page} aria-busy="true">
      <DocumentTitle page={title} />
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      <div role="status" aria-label={t("loading")} className={classes.skeleton} data-testid="schedule-loading">
        <Skeleton height={36} width="60%" radius="md" />
        <Skeleton height={48} radius="md" />
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} height={56} radius="sm" />
        ))}
      </div>
    </div>
  );
}
