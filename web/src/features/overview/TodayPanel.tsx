import { Title } from "@mantine/core";
import { IconCalendarEvent, IconChevronRight } from "@tabler/icons-react";
import type { OverviewResponse } from "@workshift/contracts";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { statusLook } from "../../lib/live-status-look.ts";
import { nowCards } from "./now-people.ts";
import classes from "./Overview.module.css";
import { formatCount } from "./overview-format.ts";
import { liveViewPath, todaySchedulePath } from "./overview-links.ts";

const cardColor = (color: string) => ({ "--card-color": `var(--mantine-color-${color}-6)` }) as CSSProperties;

/**
 * Today at a glance: today's shifts (with the schedule's permission), then
 * where people stand now (with the time clock's): working, on a break, late,
 * absent, working without a shift. Each card opens the page it counts.
 */
export function TodayPanel({ overview }: { overview: OverviewResponse }) {
  const { t, i18n } = useTranslation("overview");
  const language = i18n.resolvedLanguage;
  const shifts = overview.can.schedule ? (overview.shifts_today ?? 0) : null;
  const cards = overview.now ? nowCards(overview.now.counts) : [];

  return (
    <section className={`${classes.panel} ${classes.wide}`} aria-labelledby="overview-today-title">
      <div className={classes.panelHead}>
        <Title order={2} id="overview-today-title" className={classes.panelTitle}>
          {t("today.title")}
        </Title>
        {overview.now ? <span className={classes.panelHint}>{t("today.hint")}</span> : null}
      </div>
      <ul className={classes.cards}>
        {shifts !== null ? (
          <li>
            <Link
              to={todaySchedulePath(overview.today)}
              className={classes.card}
              style={cardColor("brand")}
              data-lead
              data-empty={shifts === 0 || undefined}
              data-testid="overview-shifts-today"
            >
              <span className={classes.cardValue}>{formatCount(shifts, language)}</span>
              <span className={classes.cardLabel}>
                <IconCalendarEvent size={16} stroke={1.9} aria-hidden="true" className={classes.cardIcon} />
                {t("today.shifts", { count: shifts })}
              </span>
              <IconChevronRight
                size={16}
                stroke={1.75}
                aria-hidden="true"
                className={`${classes.cardArrow} ${classes.flip}`}
              />
            </Link>
          </li>
        ) : null}
        {cards.map(({ status, count }) => {
          const look = statusLook[status];
          const Icon = look.icon;
          return (
            <li key={status}>
              <Link
                to={liveViewPath()}
                className={classes.card}
                style={cardColor(look.color)}
                data-empty={count === 0 || undefined}
                data-testid={`overview-now-${status}`}
              >
                <span className={classes.cardValue}>{formatCount(count, language)}</span>
                <span className={classes.cardLabel}>
                  <Icon size={16} stroke={1.9} aria-hidden="true" className={classes.cardIcon} />
                  {t(`now.status.${status}`)}
                </span>
                <IconChevronRight
                  size={16}
                  stroke={1.75}
                  aria-hidden="true"
                  className={`${classes.cardArrow} ${classes.flip}`}
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
