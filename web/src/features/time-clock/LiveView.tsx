import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Skeleton,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconChevronRight, IconMoodEmpty, IconSearch } from "@tabler/icons-react";
import { type LivePerson, type LiveStatus, localDateOf, type TimesheetResponse } from "@workshift/contracts";
import type { CSSProperties, ReactNode } from "react";
import { useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import layout from "../../components/AdminPage/AdminPage.module.css";
import work from "../../components/WorkPage/WorkPage.module.css";
import { statusLook } from "../../lib/live-status-look.ts";
import { clockOffsetMs } from "../../lib/server-clock.ts";
import { formatCount, formatDay, formatDuration, formatLongDay, formatTime } from "./clock-format.ts";
import { paramsFromClockState } from "./clock-url.ts";
import {
  groupLive,
  isRunning,
  liveWorkedMinutes,
  matchesSearch,
  minutesSince,
  personName,
  shownWarnings,
  statusCounts,
} from "./live-status.ts";
import { RefusedPunches } from "./RefusedPunches.tsx";
import classes from "./TimeClock.module.css";
import { useLive } from "./time-clock-api.ts";
import { useNow } from "./use-now.ts";
import { warningText } from "./warning-text.ts";

const statusColor = (status: LiveStatus) =>
  ({ "--status-color": `var(--mantine-color-${statusLook[status].color}-6)` }) as CSSProperties;

/**
 * Today, live: who is working (on a shift or not), on a break, late, absent,
 * still to come or done, with the counts as cards on top (each one filters
 * the list), running durations, today's worked time, a forgotten clock-out
 * and the punches' remarks. A person opens their timesheet.
 */
export function LiveView({ scope, sheet }: { scope: string; sheet: TimesheetResponse }) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const query = useLive(scope, true);
  const live = query.data;
  const [status, setStatus] = useState<LiveStatus | null>(null);
  const [search, setSearch] = useState("");
  const now = useNow(live ? clockOffsetMs(live.server_time, live.received_at) : 0);

  const groups = useMemo(
    () => (live ? groupLive(live.people, { status, search, language }) : []),
    [live, status, search, language],
  );

  if (query.isError && !live) {
    return (
      <Alert
        variant="light"
        color="red"
        role="alert"
        title={t("live.loadFailedTitle")}
        icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
      >
        {t("errors.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void query.refetch()}>
          {t("errors.retry")}
        </Anchor>
      </Alert>
    );
  }

  if (!live) {
    return (
      <div role="status" aria-label={t("live.loading")} className={classes.skeleton}>
        <div className={classes.stats}>
          {Array.from({ length: 7 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={index} height={76} radius="md" />
          ))}
        </div>
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} height={60} radius="sm" />
        ))}
      </div>
    );
  }

  const refusedShown = live.refused.filter((item) => matchesSearch(item, search));
  const counts = statusCounts(live.counts);
  const working = (live.counts.working ?? 0) + (live.counts.unscheduled ?? 0) + (live.counts.on_break ?? 0);
  const jobsById = new Map(sheet.jobs.map((job) => [job.id, job]));

  return (
    <section className={classes.section} aria-labelledby="time-clock-live-title" aria-busy={query.isFetching}>
      <div className={classes.sectionHead}>
        <div className={work.heading}>
          <Title order={2} id="time-clock-live-title" className={classes.sectionTitle}>
            {t("live.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {formatLongDay(live.today, language)}
          </Text>
        </div>
        {live.people.length > 0 ? (
          <TextInput
            type="search"
            className={classes.search}
            aria-label={t("live.search")}
            placeholder={t("live.search")}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} stroke={1.75} aria-hidden="true" />}
            rightSection={
              search ? <CloseButton size="sm" aria-label={t("live.clearSearch")} onClick={() => setSearch("")} /> : null
            }
          />
        ) : null}
      </div>

      <fieldset className={classes.statsFieldset}>
        <VisuallyHidden component="legend">{t("live.filterLabel")}</VisuallyHidden>
        <div className={classes.stats}>
          {counts.map(({ status: shown, count }) => {
            const Icon = statusLook[shown].icon;
            const pressed = status === shown;
            return (
              <button
                key={shown}
                type="button"
                className={classes.stat}
                style={statusColor(shown)}
                aria-pressed={pressed}
                data-empty={count === 0 || undefined}
                onClick={() => setStatus(pressed ? null : shown)}
                data-testid={`live-count-${shown}`}
              >
                <span className={classes.statValue}>{formatCount(count, language)}</span>
                <span className={classes.statLabel}>
                  <Icon size={16} stroke={1.9} aria-hidden="true" className={classes.statIcon} />
                  {t(`live.status.${shown}`)}
                </span>
              </button>
            );
          })}
        </div>
      </fieldset>

      <div aria-live="polite" className={classes.filterLine}>
        {status ? (
          <>
            <Text size="sm">{t("live.showingOnly", { status: t(`live.status.${status}`) })}</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => setStatus(null)}>
              {t("live.showEveryone")}
            </Button>
          </>
        ) : null}
      </div>

      {status ? null : (
        <RefusedPunches
          refused={refusedShown}
          total={search.trim() ? refusedShown.length : live.refused_total}
          today={live.today}
          zone={live.time_zone}
        />
      )}

      {live.people.length === 0 ? (
        <section className={layout.empty} aria-label={t("live.emptyTitle")} data-testid="live-empty">
          <span className={layout.emptyIcon} aria-hidden="true">
            <IconMoodEmpty size={28} stroke={1.6} />
          </span>
          <Title order={3} className={layout.emptyTitle}>
            {t("live.emptyTitle")}
          </Title>
          <Text c="dimmed" className={layout.emptyMessage}>
            {t("live.empty")}
          </Text>
        </section>
      ) : (
        <>
          {working === 0 && !status ? (
            <Text c="dimmed" size="sm" data-testid="live-nobody-working">
              {t("live.nobodyWorking")}
            </Text>
          ) : null}
          {groups.length === 0 ? (
            <Text c="dimmed" size="sm">
              {search.trim() ? t("live.noMatch", { search: search.trim() }) : t("live.noneWithStatus")}
            </Text>
          ) : (
            groups.map((group) => (
              <section
                key={group.status}
                className={classes.group}
                aria-labelledby={`live-group-${group.status}`}
                data-testid={`live-group-${group.status}`}
              >
                <h3 id={`live-group-${group.status}`} className={classes.groupTitle} style={statusColor(group.status)}>
                  <span className={classes.groupDot} aria-hidden="true" />
                  {t(`live.status.${group.status}`)}
                  <span className={classes.groupCount}>{formatCount(group.people.length, language)}</span>
                </h3>
                <ul className={classes.liveList}>
                  {group.people.map((person) => (
                    <li key={person.user_id}>
                      <LiveRow
                        person={person}
                        now={now}
                        serverTime={live.server_time}
                        today={live.today}
                        zone={live.time_zone}
                        jobName={(jobId) => (jobId ? jobsById.get(jobId)?.name : undefined)}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </>
      )}
    </section>
  );
}

function LiveRow({
  person,
  now,
  serverTime,
  today,
  zone,
  jobName,
}: {
  person: LivePerson;
  now: number;
  serverTime: string;
  /** Today's date in the zone: a shift started on another day (last night's) says its day. */
  today: string;
  zone: string;
  jobName(jobId: string | null): string | undefined;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const time = (instant: string) => formatTime(instant, zone, language);
  const start = (instant: string) => {
    const day = localDateOf(instant, zone);
    return day === today ? time(instant) : `${formatDay(day, language)}, ${time(instant)}`;
  };
  const name = personName(person) || t("unnamed");
  const Icon = statusLook[person.status].icon;
  const shift = person.shift;
  const job = jobName(shift?.job_id ?? person.entry?.job_id ?? null);

  let since: ReactNode = null;
  switch (person.status) {
    case "working":
    case "unscheduled":
      since = person.since ? t("live.since.in", { time: time(person.since) }) : null;
      break;
    case "on_break":
      since = person.since ? t("live.since.break", { time: time(person.since) }) : null;
      break;
    case "late":
      since = shift ? t("live.since.late", { time: time(shift.starts_at) }) : null;
      break;
    case "absent":
      since = shift ? (
        <Trans
          t={t}
          i18nKey="live.since.absent"
          values={{ start: start(shift.starts_at), end: time(shift.ends_at) }}
          components={{ isolate: <bdi /> }}
        />
      ) : null;
      break;
    case "scheduled":
      since = shift ? t("live.since.scheduled", { time: time(shift.starts_at) }) : null;
      break;
    case "done":
      since = person.entry?.clock_out_at ? t("live.since.done", { time: time(person.entry.clock_out_at) }) : null;
      break;
  }

  const runningFrom = person.status === "late" ? (shift?.starts_at ?? person.since) : person.since;
  const running = isRunning(person.status) && runningFrom ? minutesSince(runningFrom, now) : null;
  const worked = liveWorkedMinutes(person, serverTime, now);
  const warnings = shownWarnings(person.warnings);
  const search = paramsFromClockState({ view: "timesheets", date: null, person: person.user_id }).toString();

  return (
    <Link
      to={{ search: `?${search}` }}
      className={classes.liveRow}
      style={statusColor(person.status)}
      data-testid="live-person"
    >
      <span className={classes.who}>
        <span className={classes.initials} aria-hidden="true">
          {initialsOf(name)}
        </span>
        <span className={classes.whoText}>
          <span className={classes.name}>{name}</span>
          <span className={classes.meta}>
            {shift ? (
              <Trans
                t={t}
                i18nKey="live.shift"
                values={{ start: start(shift.starts_at), end: time(shift.ends_at) }}
                components={{ isolate: <bdi /> }}
              />
            ) : (
              t("live.noShift")
            )}
            {job ? ` · ${job}` : ""}
          </span>
        </span>
      </span>
      <span className={classes.liveStatus}>
        <Badge
          variant="light"
          color={statusLook[person.status].color}
          leftSection={<Icon size={14} stroke={2} aria-hidden="true" />}
          className={classes.badge}
        >
          {t(`live.status.${person.status}`)}
        </Badge>
        {since ? <span className={classes.meta}>{since}</span> : null}
      </span>
      <span className={classes.running}>
        {running !== null ? (
          <>
            <span className={classes.runningValue}>{formatDuration(running, language)}</span>
            <span className={classes.meta}>
              {person.status === "late"
                ? t("live.running.late")
                : person.status === "on_break"
                  ? t("live.running.break")
                  : t("live.running.in")}
            </span>
          </>
        ) : null}
      </span>
      <span className={classes.workedToday}>
        <span className={classes.runningValue}>{formatDuration(worked, language)}</span>
        <span className={classes.meta}>{t("live.workedToday")}</span>
      </span>
      <span className={classes.flags}>
        {person.flagged ? (
          <Tooltip label={t("live.flaggedHint")} multiline w={260} withArrow>
            <Badge
              color="red"
              variant="filled"
              leftSection={<IconAlertTriangle size={14} stroke={2} aria-hidden="true" />}
              className={classes.badge}
            >
              {t("live.flagged")}
            </Badge>
          </Tooltip>
        ) : null}
        {warnings.map((warning) => (
          <Badge key={warning.code} color="orange" variant="outline" className={classes.badge}>
            {warningText(warning, t, language)}
          </Badge>
        ))}
      </span>
      <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.chevron} />
    </Link>
  );
}

function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]];
  return letters
    .map((part) => (part ? [...part][0] : ""))
    .join("")
    .toLocaleUpperCase();
}
