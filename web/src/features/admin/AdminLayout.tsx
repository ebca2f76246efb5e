import { ActionIcon, Drawer } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconMenu2 } from "@tabler/icons-react";
import { publicPaths, type User } from "@workshift/contracts";
import { Suspense, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { LanguageMenu } from "../../components/LanguageMenu/LanguageMenu.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { LogoMark } from "../../components/Logo/LogoMark.tsx";
import { useModalCount } from "../../components/ModalCount/use-modal-count.ts";
import { RequireAuth } from "../../components/RequireAuth/RequireAuth.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { homePathForRole } from "../../lib/home-path.ts";
import { adminRedirect } from "../../lib/navigation.ts";
import classes from "./AdminLayout.module.css";
import { Sidebar, SidebarNav } from "./Sidebar.tsx";
import { UserMenu } from "./UserMenu.tsx";

/** Spec §4, §9: under 1160 px wide the sidebar collapses by itself; phones get a drawer instead. */
const COLLAPSE_QUERY = "(max-width: 1159.98px)";
const PHONE_QUERY = "(max-width: 47.99em)";

/**
 * /admin and its pages: signed in (RequireAuth), an organization chosen, a
 * role that works here (an EMPLOYEE goes to /my), and a path that role may
 * open (spec §6); then the frame with its sidebar, header and the page.
 */
export function AdminLayout() {
  return (
    <RequireAuth>
      <AdminGate />
    </RequireAuth>
  );
}

function AdminGate() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // No organization yet, an EMPLOYEE (their area is /my), or a path the role may not open (spec §6).
  const redirect = adminRedirect(user?.role, pathname);
  if (redirect || !user?.role) return <Navigate to={redirect ?? publicPaths.selectOrganization} replace />;
  return <AdminFrame user={user} />;
}

function AdminFrame({ user }: { user: User }) {
  const { t } = useTranslation(["admin", "common"]);
  const { pathname } = useLocation();
  const narrow = useMediaQuery(COLLAPSE_QUERY, false, { getInitialValueInEffect: false });
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  // The person's own choice holds until the window crosses the breakpoint, which decides again.
  const [choice, setChoice] = useState<{ collapsed: boolean; narrow: boolean } | null>(null);
  const collapsed = choice?.narrow === narrow ? choice.collapsed : narrow;
  const [drawerOpened, setDrawerOpened] = useState(false);
  const navId = useId();
  const drawerNavId = useId();

  useModalCount(drawerOpened && phone);

  // A followed link or a wider window closes the phone's menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on every new path
  useEffect(() => {
    setDrawerOpened(false);
  }, [pathname, phone]);

  return (
    <div className={classes.frame} data-collapsed={collapsed || undefined}>
      <a href="#main-content" className={classes.skip}>
        {t("skipToContent")}
      </a>
      {phone ? null : (
        <Sidebar collapsed={collapsed} onToggle={() => setChoice({ collapsed: !collapsed, narrow })} navId={navId} />
      )}
      <div className={classes.column}>
        <header className={classes.header}>
          {phone ? (
            <>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="xl"
                aria-label={t("sidebar.openMenu")}
                aria-expanded={drawerOpened}
                aria-controls={drawerOpened ? drawerNavId : undefined}
                onClick={() => setDrawerOpened(true)}
              >
                <IconMenu2 size={24} stroke={1.75} aria-hidden="true" />
              </ActionIcon>
              <Link
                to={homePathForRole(user.role ?? undefined)}
                className={classes.mark}
                aria-label={t("common:app.homeLink")}
              >
                <LogoMark />
              </Link>
            </>
          ) : null}
          <div className={classes.actions}>
            <LanguageMenu />
            <UserMenu user={user} />
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className={classes.main}>
          <Suspense fallback={<LoadingDots layout="section" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {phone ? (
        <Drawer
          opened={drawerOpened}
          onClose={() => setDrawerOpened(false)}
          position="left"
          size={288}
          title={t("sidebar.menuTitle")}
          closeButtonProps={{ "aria-label": t("sidebar.closeMenu") }}
          lockScroll={false}
          classNames={{ body: classes.drawerBody }}
        >
          <SidebarNav variant="drawer" id={drawerNavId} onNavigate={() => setDrawerOpened(false)} />
        </Drawer>
      ) : null}
    </div>
  );
}
