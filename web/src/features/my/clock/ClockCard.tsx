import { Anchor, Badge, Skeleton, Stack, Text } from "@mantine/core";
import { IconCloudOff } from "@tabler/icons-react";
import type { ClockState, ClockStatus } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { MyCard } from "../MyCard.tsx";
import { timeOf } from "../my-format.ts";
import classes from "./Clock.module.css";
import { ClockActions } from "./ClockActions.tsx";
import { ClockAnnouncer } from "./ClockAnnouncer.tsx";
import { ClockLive } from "./ClockLive.tsx";
import { ClockNotices } from "./ClockNotices.tsx";
import { ClockShiftLine } from "./ClockShiftLine.tsx";
import type { ClockView } from "./clock-actions.ts";
import { LocationConsent } from "./LocationConsent.tsx";
import { PendingPunches } from "./PendingPunches.tsx";
import { type Clock, useClock, useOnline } from "./use-clock.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const stateColors: Record<ClockState, string> = { out: "gray", in: "teal", break: "orange" };

/**
 * The time clock on /my, phone-first: where I stand (out, in since
 * 09:02, on a break), a running timer, today's and this week's hours, my shift,
 * and the punches that fit. Every punch is saved on the device before it is
 * sent, and shown at once; those still waiting are listed until the server has
 * them (see punch-sync.ts).
 */
export function ClockCard({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { t } = useTranslation("my");
  const clock = useClock(organizationId, userId);
  const { status, view } = clock;

  let content: ReactNode;
  if (clock.loading) {
    content = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={t("clock.loading")}>
        <Skeleton height={24} width="60%" radius="sm" />
        <Skeleton height={52} width="50%" radius="sm" />
        <Skeleton height={56} radius="md" />
        <Skeleton height={60} radius="md" />
      </Stack>
    );
  } else if (!status || !view) {
    content = (
      <ErrorAlert>
        {t("clock.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={clock.retryStatus}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else {
    content = <ClockBody clock={clock} status={status} view={view} />;
  }

  return (
    <MyCard
      title={t("clock.title")}
      data-testid="my-clock"
      action={
        view ? (
          <Badge
            variant="light"
            color={stateColors[view.state]}
            radius="sm"
            size="lg"
            className={classes.stateBadge}
            data-testid="my-clock-state"
            data-state={view.state}
          >
            {t(`clock.badge.${view.state}`)}
          </Badge>
        ) : null
      }
    >
      {content}
      {clock.failed || !view ? <PendingPunches clock={clock} zone={status?.time_zone ?? browserZone()} /> : null}
      <LocationConsent opened={clock.askingLocation !== null} site={clock.askingSite} onAnswer={clock.answerLocation} />
    </MyCard>
  );
}

function ClockBody({ clock, status, view }: { clock: Clock; status: ClockStatus; view: ClockView }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const zone = status.time_zone;
  const online = useOnline();
  const time = (instant: string) => timeOf(instant, zone, language);

  const stateLine =
    view.state === "out" || !view.since
      ? t("clock.stateOut")
      : t(view.state === "in" ? "clock.stateIn" : "clock.stateBreak", { time: time(view.since) });

  return (
    <div className={classes.body}>
      <div className={classes.now} data-state={view.state}>
        <p className={classes.stateLine} data-testid="my-clock-state-line">
          <span className={classes.dot} aria-hidden="true" />
          <span>{stateLine}</span>
        </p>
        <ClockLive view={view} status={status} offset={clock.clockOffset} />
      </div>
      <ClockShiftLine status={status} offset={clock.clockOffset} />
      <ClockActions clock={clock} status={status} view={view} />
      <PendingPunches clock={clock} zone={zone} />
      <ClockNotices clock={clock} status={status} />
      {(clock.stale || !online) && clock.sync.pending.length === 0 ? (
        <p className={classes.note} data-testid="my-clock-stale">
          <IconCloudOff size={16} stroke={1.75} aria-hidden="true" />
          <span>
            {clock.statusAt
              ? t("clock.stale", { time: timeOf(new Date(clock.statusAt).toISOString(), zone, language) })
              : t("clock.staleUndated")}
          </span>
        </p>
      ) : null}
      {zone !== browserZone() ? (
        <Text size="xs" c="dimmed">
          {t("clock.zoneNote", { zone })}
        </Text>
      ) : null}
      <ClockAnnouncer view={view} zone={zone} waiting={clock.sync.pending.length > 0 && !online} />
    </div>
  );
}
