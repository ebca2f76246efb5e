import { Alert, Anchor, Skeleton, Text, Title } from "@mantine/core";
import { IconEyeOff, IconLock } from "@tabler/icons-react";
import type { OverviewResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import layout from "../../components/AdminPage/AdminPage.module.css";
import { AdminPageHeader } from "../../components/AdminPage/AdminPageHeader.tsx";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { LiveIndicator } from "../../components/LiveIndicator/LiveIndicator.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { AttentionPanel } from "./AttentionPanel.tsx";
import "./mantine-styles.ts";
import { problemCodeOf } from "../../lib/problem-text.ts";
import classes from "./Overview.module.css";
import { useOverview } from "./overview-api.ts";
import { formatLongDay, formatTime } from "./overview-format.ts";
import { PeoplePanel } from "./PeoplePanel.tsx";
import { SetupChecklist } from "./SetupChecklist.tsx";
import { TodayPanel } from "./TodayPanel.tsx";
import { useOverviewEvents } from "./use-overview-events.ts";
import { WeekPanel } from "./WeekPanel.tsx";

/**
 * /admin: the manager's day at a glance, live. Today's shifts and
 * where people stand now, the people who need a look, what needs attention
 * (unpublished changes, flagged entries, timesheets to approve) and this week
 * per board, each part as the person's permissions allow and each figure a
 * way into the page behind it. Punches reload it as they happen (time clock
 * viewers); it also reads again every minute and when the window regains
 * focus.
 */
export function OverviewPage() {
  const { t, i18n } = useTranslation("overview");
  const language = i18n.resolvedLanguage;
  const { user } = useAuth();
  const organizationId = user?.organization_id;
  const query = useOverview(organizationId);
  const overview = query.data;
  const live = useOverviewEvents(organizationId, {
    clock: overview?.can.time_clock === true,
    schedule: overview?.can.schedule === true,
  });

  const header = (
    <AdminPageHeader
      title={t("title")}
      description={
        overview
          ? t("subtitle", {
              date: formatLongDay(overview.today, language),
              zone: overview.time_zone.replaceAll("_", " "),
            })
          : t("loading")
      }
      action={
        <LiveIndicator status={live} text={(shown) => ({ label: t(`live.${shown}`), hint: t(`live.${shown}Hint`) })} />
      }
    />
  );

  if (problemCodeOf(query.error) === "forbidden") {
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

  if (!overview) {
    return (
      <div className={layout.page}>
        {header}
        {query.isError ? (
          <ErrorAlert title={t("errors.loadFailedTitle")}>
            {t("errors.loadFailed")}{" "}
            <Anchor component="button" type="button" inherit fw={600} onClick={() => void query.refetch()}>
              {t("errors.retry")}
            </Anchor>
          </ErrorAlert>
        ) : (
          <OverviewSkeleton label={t("loading")} />
        )}
      </div>
    );
  }

  return (
    <div className={layout.page} data-testid="overview-page">
      {header}
      {query.isRefetchError ? (
        <div className={classes.refreshLine} role="status">
          <span>
            {t("errors.refreshFailed", {
              time: formatTime(new Date(query.dataUpdatedAt).toISOString(), overview.time_zone, language),
            })}
          </span>
          <Anchor component="button" type="button" size="sm" fw={600} onClick={() => void query.refetch()}>
            {t("errors.retry")}
          </Anchor>
        </div>
      ) : null}
      {/* Keyed by organization: whether it is hidden is read again for another one. */}
      {organizationId ? (
        <SetupChecklist key={organizationId} overview={overview} organizationId={organizationId} />
      ) : null}
      <OverviewBody overview={overview} />
    </div>
  );
}

function OverviewBody({ overview }: { overview: OverviewResponse }) {
  const { t } = useTranslation("overview");
  const { can } = overview;
  if (!can.schedule && !can.time_clock) {
    return (
      <section className={layout.empty} aria-labelledby="overview-no-access-title" data-testid="overview-no-access">
        <span className={layout.emptyIcon} aria-hidden="true">
          <IconEyeOff size={28} stroke={1.6} />
        </span>
        <Title order={2} id="overview-no-access-title" className={layout.emptyTitle}>
          {t("noAccess.title")}
        </Title>
        <Text c="dimmed" className={layout.emptyMessage}>
          {t("noAccess.message")}
        </Text>
      </section>
    );
  }
  return (
    <div className={classes.grid} data-single-column={overview.now ? undefined : true}>
      <TodayPanel overview={overview} />
      {overview.now ? <PeoplePanel now={overview.now} zone={overview.time_zone} /> : null}
      <AttentionPanel overview={overview} />
      <WeekPanel overview={overview} />
    </div>
  );
}

function OverviewSkeleton({ label }: { label: string }) {
  return (
    <div className={classes.skeleton} role="status" aria-label={label} data-testid="overview-loading">
      <div className={classes.cards}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} height={84} radius="md" />
        ))}
      </div>
      <div className={classes.grid}>
        <Skeleton height={260} radius="lg" />
        <Skeleton height={260} radius="lg" />
        <Skeleton height={220} radius="lg" className={classes.wide} />
      </div>
    </div>
  );
}
