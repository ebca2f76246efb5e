import { VisuallyHidden } from "@mantine/core";
import {
  IconBeach,
  IconCalendarEvent,
  IconClockHour4,
  IconInbox,
  IconUserCircle,
  type TablerIcon,
} from "@tabler/icons-react";
import { employeePaths } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import classes from "./MyNav.module.css";

export interface MyNavCounts {
  /** Open shifts I may still claim. */
  shifts: number;
  /** Teammates' requests waiting for my answer. */
  requests: number;
}

interface Item {
  to: string;
  label: "nav.today" | "nav.shifts" | "nav.requests" | "nav.timeOff" | "nav.profile";
  icon: TablerIcon;
  count?: number;
  countLabel?: "nav.openShifts" | "nav.offers";
  testId: string;
}

/**
 * /my's sections as links: a bar at the bottom of a phone's screen (where a
 * thumb reaches), a row of tabs under the header on wider screens (the same
 * links, laid out by CSS). The current one has aria-current="page" (NavLink);
 * a count is read with its link's name ("Requests, 2 waiting for you").
 */
export function MyNav({ counts }: { counts: MyNavCounts }) {
  const { t } = useTranslation("my");
  const items: Item[] = [
    { to: employeePaths.home, label: "nav.today", icon: IconClockHour4, testId: "my-nav-today" },
    {
      to: employeePaths.shifts,
      label: "nav.shifts",
      icon: IconCalendarEvent,
      count: counts.shifts,
      countLabel: "nav.openShifts",
      testId: "my-nav-shifts",
    },
    {
      to: employeePaths.requests,
      label: "nav.requests",
      icon: IconInbox,
      count: counts.requests,
      countLabel: "nav.offers",
      testId: "my-nav-requests",
    },
    { to: employeePaths.timeOff, label: "nav.timeOff", icon: IconBeach, testId: "my-nav-time-off" },
    { to: employeePaths.profile, label: "nav.profile", icon: IconUserCircle, testId: "my-nav-profile" },
  ];
  return (
    <nav className={classes.nav} aria-label={t("nav.label")}>
      <ul className={classes.list}>
        {items.map(({ to, label, icon: Icon, count, countLabel, testId }) => (
          <li key={to} className={classes.item}>
            <NavLink to={to} end className={classes.link} data-testid={testId}>
              <Icon size={24} stroke={1.75} aria-hidden="true" className={classes.icon} />
              <span className={classes.label}>{t(label)}</span>
              {count ? (
                <span className={classes.badge} aria-hidden="true">
                  {count > 99 ? "99+" : count}
                </span>
              ) : null}
              {count && countLabel ? (
                <VisuallyHidden component="span">{`, ${t(countLabel, { count })}`}</VisuallyHidden>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
