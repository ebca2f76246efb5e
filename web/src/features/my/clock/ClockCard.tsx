import { Alert, Anchor, Badge, Button, NativeSelect, Skeleton, Stack, Text, VisuallyHidden } from "@mantine/core";
import {
  IconAlertTriangle,
  IconClockPlay,
  IconClockStop,
  IconCloudOff,
  IconCloudUpload,
  IconCoffee,
  IconMapPinOff,
  IconPlayerPlay,
} from "@tabler/icons-react";
import type { ClockState, ClockStatus, PunchKind, PunchWarning } from "@workshift/contracts";
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { serverNow } from "../../../lib/server-clock.ts";
import { MyCard } from "../MyCard.tsx";
import { timeOf } from "../my-format.ts";
import classes from "./Clock.module.css";
import { ClockLive } from "./ClockLive.tsx";
import { actionsFor, type ClockView } from "./clock-actions.ts";
import { durationText, metersText } from "./clock-format.ts";
import { LocationConsent } from "./LocationConsent.tsx";
import type { QueuedPunch } from "./queued-punch.ts";
import { type Clock, type ClockInTarget, useClock, useOnline } from "./use-clock.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const stateColors: Record<ClockState, string> = { out: "gray", in: "teal", break: "orange" };

/**
 * The time clock on /my (issue #7), phone-first: where I stand (out, in since
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
      {clock.failed || !view ? <Pending clock={clock} zone={status?.time_zone ?? browserZone()} /> : null}
      <LocationConsent opened={clock.askingLocation !== null} onAnswer={clock.answerLocation} />
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
      <ShiftLine status={status} offset={clock.clockOffset} />
      <Actions clock={clock} status={status} view={view} />
      <Pending clock={clock} zone={zone} />
      <Notices clock={clock} status={status} />
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
      <Announcer view={view} zone={zone} waiting={clock.sync.pending.length > 0 && !online} />
    </div>
  );
}

/** My shift going on now, or my next one today, with its job. */
function ShiftLine({ status, offset }: { status: ClockStatus; offset: number }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const { shift } = status;
  if (!shift) {
    return (
      <Text c="dimmed" size="sm" data-testid="my-clock-no-shift">
        {t("clock.noShift")}
      </Text>
    );
  }
  const job = status.jobs.find((item) => item.id === shift.job_id);
  const now = serverNow(offset);
  const current = Date.parse(shift.starts_at) <= now && now < Date.parse(shift.ends_at);
  return (
    <div
      className={classes.shift}
      data-testid="my-clock-shift"
      style={{ "--job-color": job?.color ?? "var(--mantine-color-gray-4)" } as CSSProperties}
    >
      <span className={classes.shiftLabel}>{current ? t("clock.shiftNow") : t("clock.shiftNext")}</span>
      <span className={classes.shiftTime}>
        {timeOf(shift.starts_at, status.time_zone, language)}
        {"\u2009–\u2009"}
        {timeOf(shift.ends_at, status.time_zone, language)}
      </span>
      <span className={classes.shiftJob}>
        <span className={classes.jobDot} aria-hidden="true" />
        {job ? job.name : t("clock.noJob")}
      </span>
    </div>
  );
}

const actionIcons: Record<PunchKind, ReactNode> = {
  clock_in: <IconClockPlay size={22} stroke={1.75} aria-hidden="true" />,
  break_start: <IconCoffee size={22} stroke={1.75} aria-hidden="true" />,
  break_end: <IconPlayerPlay size={22} stroke={1.75} aria-hidden="true" />,
  clock_out: <IconClockStop size={22} stroke={1.75} aria-hidden="true" />,
};

/** The clock-in's target as the picker holds it: "shift", "job:<id>", or "" (none chosen yet). */
function defaultTarget(status: ClockStatus): string {
  if (status.shift) return "shift";
  const [only] = status.jobs;
  return status.jobs.length === 1 && only ? `job:${only.id}` : "";
}

function targetOf(value: string, status: ClockStatus): ClockInTarget {
  if (value === "shift" && status.shift) return { shift_id: status.shift.id };
  if (value.startsWith("job:")) return { job_id: value.slice(4) };
  return {};
}

function Actions({ clock, status, view }: { clock: Clock; status: ClockStatus; view: ClockView }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const busy = clock.resting || clock.askingLocation !== null;
  const target = chosen ?? defaultTarget(status);
  const needsJob = view.state === "out" && target === "" && status.jobs.length > 0;

  const jobOptions = status.jobs.map((job) => ({ value: `job:${job.id}`, label: job.name }));
  let picker: ReactNode = null;
  if (view.state === "out" && status.jobs.length > 0) {
    if (status.shift && !picking) {
      picker = (
        <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setPicking(true)}>
          {t("clock.otherJob")}
        </Anchor>
      );
    } else if (status.shift || status.jobs.length > 1) {
      const shift = status.shift;
      const data = [
        ...(shift
          ? [
              {
                value: "shift",
                label: t("clock.targetShift", {
                  range: `${timeOf(shift.starts_at, status.time_zone, language)}–${timeOf(shift.ends_at, status.time_zone, language)}`,
                }),
              },
            ]
          : [{ value: "", label: t("clock.chooseJob"), disabled: true }]),
        ...jobOptions,
      ];
      picker = (
        <NativeSelect
          label={t("clock.target")}
          size="md"
          data={data}
          value={target}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data-testid="my-clock-target"
        />
      );
    }
  }

  const kinds = actionsFor(view.state);
  return (
    <div className={classes.actions}>
      {picker}
      {kinds.map((kind, index) => {
        const main = index === 0;
        return (
          <Button
            key={kind}
            size={main ? "xl" : "lg"}
            fullWidth
            className={classes.action}
            classNames={{ label: classes.actionLabel }}
            variant={kind === "clock_out" ? "outline" : "filled"}
            color={kind === "clock_out" ? "red" : undefined}
            leftSection={actionIcons[kind]}
            disabled={busy || (kind === "clock_in" && needsJob)}
            loading={(clock.recording || clock.askingLocation !== null) && main}
            data-testid={`my-clock-${kind}`}
            onClick={() => {
              clock.punch(kind, kind === "clock_in" ? targetOf(target, status) : {});
              setPicking(false);
              setChosen(null);
            }}
          >
            {t(`clock.actions.${kind}`)}
          </Button>
        );
      })}
      {needsJob ? (
        <Text size="sm" c="dimmed">
          {t("clock.chooseJobHint")}
        </Text>
      ) : null}
    </div>
  );
}

/** The punches saved here and not yet sent, with why and a way to send now. */
function Pending({ clock, zone }: { clock: Clock; zone: string }) {
  const { t, i18n } = useTranslation("my");
  const online = useOnline();
  const { pending, phase } = clock.sync;
  if (pending.length === 0) return null;
  let why: string;
  if (!online) why = t("clock.pending.offline");
  else if (phase === "signedOut") why = t("clock.pending.signedOut");
  else if (phase === "sending") why = t("clock.pending.sending");
  else if (pending[0]?.locating) why = t("clock.pending.locating");
  else why = t("clock.pending.waiting");
  return (
    <div className={classes.pending} data-testid="my-clock-pending">
      <span className={classes.pendingHead}>
        <IconCloudUpload size={20} stroke={1.75} aria-hidden="true" />
        {t("clock.pending.title")}
      </span>
      <ul className={classes.pendingList}>
        {pending.map((punch: QueuedPunch) => (
          <li key={punch.id} data-testid="my-clock-pending-punch" data-kind={punch.kind}>
            <span>{t(`clock.kinds.${punch.kind}`)}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={punch.at} className={classes.pendingTime}>
              {timeOf(punch.at, zone, i18n.language)}
            </time>
          </li>
        ))}
      </ul>
      <Text size="sm">{why}</Text>
      {online && phase !== "sending" && phase !== "signedOut" && !pending[0]?.locating ? (
        <Button variant="light" color="yellow.9" size="compact-md" onClick={clock.sendNow}>
          {t("clock.pending.sendNow")}
        </Button>
      ) : null}
    </div>
  );
}

function warningText(warning: PunchWarning, t: ReturnType<typeof useTranslation<"my">>["t"], language: string) {
  switch (warning.code) {
    case "early":
      return t("clock.warnings.early", { duration: durationText(warning.minutes ?? 0, language) });
    case "outside_site":
      return t("clock.warnings.outside_site", { distance: metersText(warning.meters ?? 0, language) });
    case "late_sync":
      return t("clock.warnings.late_sync", { duration: durationText(warning.minutes ?? 0, language) });
    default:
      return t(`clock.warnings.${warning.code}`);
  }
}

/** What came of the last punches: refusals, the server's remarks, a missing position. */
function Notices({ clock, status }: { clock: Clock; status: ClockStatus }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const fieldMessage = useFieldMessage();
  const time = (instant: string) => timeOf(instant, status.time_zone, language);
  // The card already says why a punch went without a position: the server's remark would repeat it.
  const warnings =
    clock.warned?.warnings.filter((warning) => !(clock.locationIssue && warning.code === "no_location")) ?? [];
  return (
    <>
      {clock.saveFailed ? <ErrorAlert>{t("clock.saveFailed")}</ErrorAlert> : null}
      {clock.refusals.length > 0 ? (
        <ErrorAlert
          title={t("clock.refusedTitle")}
          withCloseButton
          closeButtonLabel={t("clock.dismiss")}
          onClose={clock.dismissRefusals}
          data-testid="my-clock-refused"
        >
          <ul className={classes.notices}>
            {clock.refusals.map(({ punch, refusal }) => {
              const key = Object.values(refusal.fields)[0];
              return (
                <li key={punch.id}>
                  {t(`clock.refused.${punch.kind}`, { time: time(punch.at) })}{" "}
                  {key ? fieldMessage(key) : t("clock.refusedGeneric")}
                </li>
              );
            })}
          </ul>
        </ErrorAlert>
      ) : null}
      {clock.warned && warnings.length > 0 ? (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconAlertTriangle size={20} stroke={1.75} aria-hidden="true" />}
          title={t(`clock.recordedWithNote.${clock.warned.punch.kind}`, { time: time(clock.warned.punch.at) })}
          withCloseButton
          closeButtonLabel={t("clock.dismiss")}
          onClose={clock.dismissWarnings}
          data-testid="my-clock-warnings"
        >
          <ul className={classes.notices}>
            {warnings.map((warning) => (
              <li key={warning.code}>{warningText(warning, t, language)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {clock.locationIssue ? (
        <p className={classes.note} data-testid="my-clock-location-issue">
          <IconMapPinOff size={16} stroke={1.75} aria-hidden="true" />
          <span>{clock.locationIssue === "denied" ? t("clock.location.denied") : t("clock.location.unavailable")}</span>
        </p>
      ) : null}
      {status.location_policy !== "off" && clock.locationChoice === "declined" ? (
        <p className={classes.note}>
          <IconMapPinOff size={16} stroke={1.75} aria-hidden="true" />
          <span>
            {t("clock.location.declined")}{" "}
            <Anchor
              component="button"
              type="button"
              inherit
              fw={600}
              onClick={() => clock.changeLocationChoice("granted")}
            >
              {t("clock.location.change")}
            </Anchor>
          </span>
        </p>
      ) : null}
    </>
  );
}

/**
 * Tells screen readers when the state changes (in, on a break, out), and
 * only then: the timer itself is never announced.
 */
function Announcer({ view, zone, waiting }: { view: ClockView; zone: string; waiting: boolean }) {
  const { t, i18n } = useTranslation("my");
  const [message, setMessage] = useState("");
  const previous = useRef<ClockState | null>(null);
  const { state, since } = view;
  const language = i18n.language;
  const waitingRef = useRef(waiting);
  waitingRef.current = waiting;
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (before === null || before === state) return;
    const time = since ? timeOf(since, zone, language) : "";
    let text: string;
    if (state === "out") text = t("clock.announce.out");
    else if (state === "break") text = t("clock.announce.break", { time });
    else if (before === "break") text = t("clock.announce.resumed");
    else text = t("clock.announce.in", { time });
    setMessage(waitingRef.current ? `${text} ${t("clock.announce.saved")}` : text);
  }, [state, since, zone, language, t]);
  return (
    <VisuallyHidden component="div" aria-live="polite" aria-atomic="true" data-testid="my-clock-announcer">
      {message}
    </VisuallyHidden>
  );
}
