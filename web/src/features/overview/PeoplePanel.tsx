import { Anchor, Badge, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconChevronRight } from "@tabler/icons-react";
import type { LivePerson, OverviewResponse } from "@workshift/contracts";
import type { CSSProperties } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { statusLook } from "../../lib/live-status-look.ts";
import { initialsOf, nowCardStatuses, personName, sinceLine } from "./now-people.ts";
import classes from "./Overview.module.css";
import { formatTime } from "./overview-format.ts";
import { liveViewPath, timesheetsPath } from "./overview-links.ts";

type Now = NonNullable<OverviewResponse["now"]>;

/**
 * The people a manager looks at first (the server's pick: a forgotten
 * clock-out, late, absent, working without a shift, on a break, working),
 * each with their status, since when and their shift; a row opens their
 * timesheet. The live view has everyone.
 */
export function PeoplePanel({ now, zone }: { now: Now; zone: string }) {
  const { t, i18n } = useTranslation("overview");
  const language = i18n.resolvedLanguage;
  const listed = nowCardStatuses.reduce((total, status) => total + (now.counts[status] ?? 0), 0);
  const more = Math.max(0, listed - now.people.length);

  return (
    <section className={classes.panel} aria-labelledby="overview-people-title" data-testid="overview-people">
      <div className={classes.panelHead}>
        <Title order={2} id="overview-people-title" className={classes.panelTitle}>
          {t("now.title")}
        </Title>
        <Anchor component={Link} to={liveViewPath()} className={classes.headLink}>
          {t("now.openLive")}
          <IconChevronRight size={16} stroke={1.75} aria-hidden="true" className={classes.flip} />
        </Anchor>
      </div>
      {now.people.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="overview-people-empty">
          {t("now.empty")}
        </Text>
      ) : (
        <ul className={classes.people}>
          {now.people.map((person) => (
            <li key={person.user_id}>
              <PersonRow person={person} zone={zone} language={language} />
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <Anchor component={Link} to={liveViewPath()} className={classes.more}>
          {t("now.more", { count: more })}
        </Anchor>
      ) : null}
    </section>
  );
}

function PersonRow({ person, zone, language }: { person: LivePerson; zone: string; language: string | undefined }) {
  const { t } = useTranslation("overview");
  const time = (instant: string) => formatTime(instant, zone, language);
  const name = personName(person) || t("now.unnamed");
  const look = statusLook[person.status];
  const Icon = look.icon;
  const since = sinceLine(person);
  const sinceText = since ? (
    since.key === "now.since.absent" ? (
      <Trans
        t={t}
        i18nKey={since.key}
        values={{ start: time(since.start), end: time(since.end) }}
        components={{ isolate: <bdi /> }}
      />
    ) : (
      t(since.key, { time: time(since.time) })
    )
  ) : null;
  const shift = person.shift ? (
    <Trans
      t={t}
      i18nKey="now.shift"
      values={{ start: time(person.shift.starts_at), end: time(person.shift.ends_at) }}
      components={{ isolate: <bdi /> }}
    />
  ) : (
    t("now.noShift")
  );

  return (
    <Link
      to={timesheetsPath(null, person.user_id)}
      className={classes.person}
      style={{ "--status-color": `var(--mantine-color-${look.color}-6)` } as CSSProperties}
      data-testid="overview-person"
    >
      <span className={classes.avatar} aria-hidden="true">
        {initialsOf(name)}
      </span>
      <span className={classes.who}>
        <span className={classes.name}>{name}</span>
        <span className={classes.meta}>{shift}</span>
      </span>
      <span className={classes.status}>
        {person.flagged ? (
          <Badge
            color="red"
            variant="filled"
            size="sm"
            leftSection={<IconAlertTriangle size={12} stroke={2} aria-hidden="true" />}
            className={classes.badge}
          >
            {t("now.flagged")}
          </Badge>
        ) : null}
        <Badge
          variant="light"
          color={look.color}
          size="sm"
          leftSection={<Icon size={12} stroke={2} aria-hidden="true" />}
          className={classes.badge}
        >
          {t(`now.status.${person.status}`)}
        </Badge>
      </span>
      {sinceText ? <span className={`${classes.meta} ${classes.since}`}>{sinceText}</span> : null}
    </Link>
  );
}
