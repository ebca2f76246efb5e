import { ActionIcon, Menu, Tooltip, UnstyledButton, useDirection } from "@mantine/core";
import { IconChevronRight, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { adminPaths, can, decidableRequestKinds } from "@workshift/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Logo } from "../../components/Logo/Logo.tsx";
import { LogoMark } from "../../components/Logo/LogoMark.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { homePathForRole } from "../../lib/home-path.ts";
import { useJobSchedulers } from "../../lib/job-schedulers.ts";
import {
  activeNavItem,
  activeSchedulers,
  defaultSchedulerId,
  type JobScheduler,
  type NavItem,
  NO_SCHEDULER,
  navItemPath,
  schedulingDashboardPath,
  visibleNavItems,
} from "../../lib/navigation.ts";
import { useWaitingRequests } from "../../lib/requests-live.ts";
import { navIcons } from "./nav-icons.ts";
import classes from "./Sidebar.module.css";

interface SidebarProps {
  collapsed: boolean;
  onToggle(): void;
  /** The nav's id, for the toggle's aria-controls. */
  navId: string;
}

/**
 * The sidebar of spec §2 on tablets and desktops: 64 px of icons when
 * collapsed (labels in tooltips), about 240 px with labels when expanded, and
 * a toggle button at the bottom.
 */
export function Sidebar({ collapsed, onToggle, navId }: SidebarProps) {
  const { t } = useTranslation(["admin", "common"]);
  const { dir } = useDirection();
  const { userRole } = useAuth();
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  return (
    <div className={classes.sidebar} data-collapsed={collapsed || undefined}>
      <div className={classes.brand}>
        {collapsed ? (
          <Link to={homePathForRole(userRole)} className={classes.mark} aria-label={t("common:app.homeLink")}>
            <LogoMark />
          </Link>
        ) : (
          <Logo />
        )}
      </div>
      <SidebarNav variant="rail" collapsed={collapsed} id={navId} />
      <div className={classes.bottom}>
        <Tooltip
          label={collapsed ? t("sidebar.expand") : t("sidebar.collapse")}
          position={dir === "rtl" ? "left" : "right"}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("sidebar.toggle")}
            aria-expanded={!collapsed}
            aria-controls={navId}
            onClick={onToggle}
          >
            <ToggleIcon size={22} stroke={1.75} aria-hidden="true" className={classes.flip} />
          </ActionIcon>
        </Tooltip>
      </div>
    </div>
  );
}

interface SidebarNavProps {
  /** `rail`: the sidebar (hover submenu); `drawer`: the phone's menu drawer (everything listed). */
  variant: "rail" | "drawer";
  collapsed?: boolean;
  id?: string;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?(): void;
}

/** The sidebar's links for the signed-in role (spec §6), the current one marked with aria-current. */
export function SidebarNav({ variant, collapsed = false, id, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation("admin");
  const { user } = useAuth();
  const { pathname } = useLocation();
  const schedulers = useJobSchedulers();
  const schedulerId = defaultSchedulerId(schedulers.data);
  const current = activeNavItem(pathname);
  const who = { role: user?.role, permissions: user?.permissions };
  // The count (and its live stream) only for who may open the inbox and decides some kind of request.
  const waiting = useWaitingRequests(can(who, "requests.view") && decidableRequestKinds(who).length > 0);

  return (
    <nav id={id} aria-label={t("nav.label")} className={classes.nav} data-collapsed={collapsed || undefined}>
      <ul className={classes.list}>
        {visibleNavItems(user?.role, user?.permissions).map((item) => (
          <li key={item}>
            {item === "jobScheduling" ? (
              <SchedulingEntry
                variant={variant}
                collapsed={collapsed}
                current={current === item}
                pathname={pathname}
                boards={schedulers.isPending ? undefined : activeSchedulers(schedulers.data)}
                onNavigate={onNavigate}
              />
            ) : (
              <NavEntry
                item={item}
                to={navItemPath(item, schedulerId)}
                current={current === item}
                collapsed={collapsed}
                waiting={item === "request" ? waiting : undefined}
                onNavigate={onNavigate}
              />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface NavEntryProps {
  item: NavItem;
  to: string;
  current: boolean;
  collapsed: boolean;
  /** How many requests wait for this manager (the Requests item's badge); nothing when none or unknown. */
  waiting?: number | undefined;
  onNavigate?(): void;
}

/** More than this many shows as "99+" (the link's name says the number). */
const BADGE_MAX = 99;

const countFormats = new Map<string | undefined, Intl.NumberFormat>();

/**
 * One number format per language: every entry of the frame renders on each page load, and making
 * an Intl formatter costs far more than using one.
 */
function countFormat(language: string | undefined): Intl.NumberFormat {
  let format = countFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    countFormats.set(language, format);
  }
  return format;
}

function NavEntry({ item, to, current, collapsed, waiting, onNavigate }: NavEntryProps) {
  const { t, i18n } = useTranslation("admin");
  const { dir } = useDirection();
  const Icon = navIcons[item];
  const label = t(`nav.${item}`);
  const count = waiting !== undefined && waiting > 0 ? waiting : 0;
  const number = countFormat(i18n.resolvedLanguage);
  const formatted = number.format(count);
  // The count is part of the link's name ("Requests, 3 waiting"); the badge itself is only drawn.
  const name = count > 0 ? t("nav.requestWaiting", { count, formatted }) : undefined;
  const link = (
    <Link
      to={to}
      className={classes.link}
      aria-current={current ? "page" : undefined}
      aria-label={name}
      data-active={current || undefined}
      onClick={onNavigate}
    >
      <Icon size={22} stroke={1.75} aria-hidden="true" className={classes.icon} />
      <span className={classes.label}>{label}</span>
      {/* A space between the words and the count, as the link's name has one ("Requests, 3 waiting"). */}
      {count > 0 ? " " : null}
      {count > 0 ? (
        <span className={classes.badge} aria-hidden="true" data-testid="nav-request-count">
          {count > BADGE_MAX ? t("nav.countMore", { formatted: number.format(BADGE_MAX) }) : formatted}
        </span>
      ) : null}
    </Link>
  );
  // The name shows beside the icon unless the rail is collapsed; only then is a tooltip worth its cost on every page.
  if (!collapsed) return link;
  return (
    <Tooltip label={name ?? label} position={dir === "rtl" ? "left" : "right"} openDelay={100}>
      {link}
    </Tooltip>
  );
}

interface SchedulingEntryProps {
  variant: "rail" | "drawer";
  collapsed: boolean;
  current: boolean;
  pathname: string;
  /** The boards not archived; undefined while loading. */
  boards: JobScheduler[] | undefined;
  onNavigate?(): void;
}

/**
 * Job scheduling (spec §2): a submenu with Job scheduling and Schedules (the
 * boards, or all of them when there are none). In the sidebar it opens on
 * hover, click, Enter, Space or the arrow keys; in the drawer it is listed.
 */
function SchedulingEntry({ variant, collapsed, current, pathname, boards, onNavigate }: SchedulingEntryProps) {
  const { t } = useTranslation("admin");
  const { dir } = useDirection();
  const groupId = useId();
  const Icon = navIcons.jobScheduling;
  const links: { key: string; to: string; label: string }[] = [
    { key: "scheduling", to: adminPaths.jobsScheduling, label: t("nav.jobScheduling") },
  ];
  if (boards && boards.length > 0) {
    for (const board of boards) links.push({ key: board.id, to: schedulingDashboardPath(board.id), label: board.name });
  } else if (boards) {
    links.push({ key: NO_SCHEDULER, to: schedulingDashboardPath(NO_SCHEDULER), label: t("nav.schedules") });
  }
  const [main, ...schedules] = links;
  const listsBoards = Boolean(boards && boards.length > 0);
  const isCurrent = (to: string) => pathname === to;

  if (variant === "drawer") {
    return (
      <div className={classes.group}>
        <span className={classes.groupTitle} id={groupId} data-active={current || undefined}>
          <Icon size={22} stroke={1.75} aria-hidden="true" className={classes.icon} />
          <span className={classes.label}>{t("nav.jobScheduling")}</span>
        </span>
        <ul className={classes.sublist} aria-labelledby={groupId}>
          {links.map((link, index) => (
            <li key={link.key}>
              {listsBoards && index === 1 ? <span className={classes.subheading}>{t("nav.schedules")}</span> : null}
              <Link
                to={link.to}
                className={classes.sublink}
                aria-current={isCurrent(link.to) ? "page" : undefined}
                data-active={isCurrent(link.to) || undefined}
                onClick={onNavigate}
              >
                {link.label}
              </Link>
            </li>
          ))}
          {boards ? null : <li className={classes.subheading}>{t("nav.schedulesLoading")}</li>}
        </ul>
      </div>
    );
  }

  return (
    <Menu
      trigger="click-hover"
      openDelay={60}
      closeDelay={200}
      position={dir === "rtl" ? "left-start" : "right-start"}
      offset={collapsed ? 10 : 6}
      width={240}
      shadow="md"
      loop
      withinPortal
    >
      <Menu.Target>
        <UnstyledButton className={classes.link} data-active={current || undefined} aria-current={current || undefined}>
          <Icon size={22} stroke={1.75} aria-hidden="true" className={classes.icon} />
          <span className={classes.label}>{t("nav.jobScheduling")}</span>
          <IconChevronRight size={16} stroke={2} aria-hidden="true" className={`${classes.chevron} ${classes.flip}`} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {main ? (
          <Menu.Item
            component={Link}
            to={main.to}
            aria-current={isCurrent(main.to) ? "page" : undefined}
            data-active={isCurrent(main.to) || undefined}
            className={classes.menuItem}
          >
            {main.label}
          </Menu.Item>
        ) : null}
        {listsBoards ? (
          <>
            <Menu.Divider />
            <Menu.Label>{t("nav.schedules")}</Menu.Label>
          </>
        ) : null}
        {schedules.map((link) => (
          <Menu.Item
            key={link.key}
            component={Link}
            to={link.to}
            aria-current={isCurrent(link.to) ? "page" : undefined}
            data-active={isCurrent(link.to) || undefined}
            className={classes.menuItem}
          >
            {link.label}
          </Menu.Item>
        ))}
        {boards ? null : <Menu.Item disabled>{t("nav.schedulesLoading")}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
