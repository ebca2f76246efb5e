import { Alert, Anchor, Button, Skeleton, Tabs, Text, Title } from "@mantine/core";
import { IconActivityHeartbeat, IconAlertCircle, IconLock, IconSettings, IconTable } from "@tabler/icons-react";
import { can } from "@workshift/contracts";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { LiveIndicator } from "../../components/LiveIndicator/LiveIndicator.tsx";
import { NotFoundPage } from "../../components/NotFoundPage/NotFoundPage.tsx";
import { Toasts, useToaster } from "../../components/Toasts/Toasts.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { type ClockUrlState, type ClockView, clockStateFromParams, paramsFromClockState } from "./clock-url.ts";
import { LiveView } from "./LiveView.tsx";
import "./mantine-styles.ts";
import work from "../../components/WorkPage/WorkPage.module.css";
import { problemCodeOf } from "../../lib/problem-text.ts";
import { SettingsModal } from "./SettingsModal.tsx";
import classes from "./TimeClock.module.css";
import { TimesheetsView } from "./TimesheetsView.tsx";
import { useClockEvents } from "./use-clock-events.ts";
import { usePeriodSheets } from "./use-period-sheets.ts";

/**
 * /admin/time-clock/:id — a board's (or every board's, `all`) time clock for
 * managers: who is working now (live, the default), and the pay period's
 * timesheets to check, correct and approve. The view, the period and the
 * open person live in the address; punches and other managers' corrections
 * arrive live.
 */
export function TimeClockPage() {
  const { t } = useTranslation("timeClock");
  const { user } = useAuth();
  const mayView = can(user ?? { role: null }, "timesheets.view");
  const { id: scope = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => clockStateFromParams(params), [params]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const toaster = useToaster();

  const setState = useCallback(
    (next: Partial<ClockUrlState>, step = false) =>
      setParams((current) => paramsFromClockState({ ...clockStateFromParams(current), ...next }), {
        replace: !step,
      }),
    [setParams],
  );

  // The period's timesheets load on both views: they name the board, hold the jobs, and open at once from the live view.
  const sheets = usePeriodSheets(scope, state.date ?? "", mayView);
  const sheet = sheets.sheet;
  const live = useClockEvents(scope, mayView && sheet !== undefined);

  const title =
    scope === "all"
      ? t("title.all")
      : sheet && !sheet.all
        ? (sheet.boards[0]?.name ?? t("title.board"))
        : t("title.board");

  if (!mayView || problemCodeOf(sheets.error) === "forbidden") {
    return (
      <div className={classes.page}>
        <DocumentTitle page={t("title.document", { name: title })} />
        <Title order={1} className={work.title}>
          {title}
        </Title>
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

  if (sheets.isError && !sheet) {
    const code = problemCodeOf(sheets.error);
    if (code === "not_found" || code === "validation_failed") return <NotFoundPage />;
    return (
      <div className={classes.page}>
        <DocumentTitle page={t("title.document", { name: title })} />
        <Title order={1} className={work.title}>
          {title}
        </Title>
        <Alert
          variant="light"
          color="red"
          role="alert"
          title={t("errors.loadFailedTitle")}
          icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
        >
          {t("errors.loadFailed")}{" "}
          <Anchor component="button" type="button" inherit fw={600} onClick={() => void sheets.refetch()}>
            {t("errors.retry")}
          </Anchor>
        </Alert>
      </div>
    );
  }

  if (!sheet) return <PageSkeleton title={title} />;

  return (
    <div className={classes.page} data-time-clock-page>
      <DocumentTitle page={t("title.document", { name: title })} />
      <header className={work.header}>
        <div className={work.heading}>
          <Title order={1} className={work.title}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" className={work.subtitle}>
            {t("title.zone", { zone: sheet.time_zone.replaceAll("_", " ") })}
          </Text>
        </div>
        <div className={classes.headerActions}>
          <LiveIndicator
            status={live}
            text={(shown) => ({ label: t(`live.connection.${shown}`), hint: t(`live.connection.${shown}Hint`) })}
          />
          {sheet.can_manage ? (
            <Button
              variant="default"
              leftSection={<IconSettings size={18} stroke={1.75} aria-hidden="true" />}
              onClick={() => setSettingsOpen(true)}
            >
              {t("settings.open")}
            </Button>
          ) : null}
        </div>
      </header>

      <Tabs
        value={state.view}
        onChange={(value) => {
          if (value) setState({ view: value as ClockView, person: null }, true);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t("tabs.label")}>
          <Tabs.Tab value="live" leftSection={<IconActivityHeartbeat size={18} stroke={1.75} aria-hidden="true" />}>
            {t("tabs.live")}
          </Tabs.Tab>
          <Tabs.Tab value="timesheets" leftSection={<IconTable size={18} stroke={1.75} aria-hidden="true" />}>
            {t("tabs.timesheets")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="live" pt="md">
          <LiveView scope={scope} sheet={sheet} />
        </Tabs.Panel>
        <Tabs.Panel value="timesheets" pt="md">
          <TimesheetsView
            scope={scope}
            sheet={sheet}
            busy={sheets.busy}
            partial={sheets.partial}
            state={state}
            onChange={setState}
            toaster={toaster}
          />
        </Tabs.Panel>
      </Tabs>

      {sheet.can_manage ? (
        <SettingsModal
          opened={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          onSaved={() => {
            setSettingsOpen(false);
            toaster.show("success", t("settings.saved"));
          }}
        />
      ) : null}
      <Toasts toaster={toaster} />
    </div>
  );
}

function PageSkeleton({ title }: { title: string }) {
  const { t } = useTranslation("timeClock");
  return (
    <div className={classes.page} aria-busy="true">
      <DocumentTitle page={t("title.document", { name: title })} />
      <Title order={1} className={work.title}>
        {title}
      </Title>
      <div role="status" aria-label={t("loading")} className={classes.skeleton} data-testid="time-clock-loading">
        <Skeleton height={36} width="40%" radius="md" />
        <div className={classes.stats}>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={index} height={72} radius="md" />
          ))}
        </div>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} height={56} radius="sm" />
        ))}
      </div>
    </div>
  );
}
