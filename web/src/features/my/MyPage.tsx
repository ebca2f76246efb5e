import { ActionIcon, Button, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconLogout } from "@tabler/icons-react";
import { can, type User } from "@workshift/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageMenu } from "../../components/LanguageMenu/LanguageMenu.tsx";
import { Logo } from "../../components/Logo/Logo.tsx";
import { RequireAuth } from "../../components/RequireAuth/RequireAuth.tsx";
import { useSignOut } from "../../components/SignOut/use-sign-out.tsx";
import { Toasts, useToaster } from "../../components/Toasts/Toasts.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import "./mantine-styles.ts";
import { MyNav } from "./frame/MyNav.tsx";
import { type MyContext, worksHere } from "./frame/my-context.ts";
import { registerAppShell } from "./frame/register-app-shell.ts";
import { useNavCounts } from "./frame/use-nav-counts.ts";
import { useMyEvents } from "./live/use-my-events.ts";
import classes from "./MyPage.module.css";
import { ProfilePage } from "./pages/ProfilePage.tsx";

/**
 * /my: the self-service app of the people who work the shifts, phone-first.
 * Its sections are routes (Today with the time clock, My shifts, Requests,
 * Time off, Profile), reached from a bottom bar on a phone and tabs on wider screens.
 * Someone with no shifts where they are signed in sees their profile only.
 */
export function MyPage() {
  return (
    <RequireAuth>
      <MyArea />
    </RequireAuth>
  );
}

function MyArea() {
  const { user } = useAuth();
  if (!user) return null;
  return <MyFrame user={user} />;
}

function MyFrame({ user }: { user: User }) {
  const { t } = useTranslation("my");
  const { signOut, confirmation } = useSignOut();
  const phone = useMediaQuery("(max-width: 29.99em)", false, { getInitialValueInEffect: false });
  const works = worksHere(user);
  const organizationId = works ? user.organization_id : null;
  const asks = works && can(user, "requests.own");
  const counts = useNavCounts(organizationId, asks, user.person_id);
  useMyEvents(organizationId, asks);
  useEffect(registerAppShell, []);
  const toaster = useToaster();

  return (
    <div className={classes.shell} data-with-nav={organizationId ? "" : undefined}>
      <header className={classes.header}>
        <Logo />
        <div className={classes.actions}>
          <LanguageMenu />
          {phone ? (
            <Tooltip label={t("signOut")}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="xl"
                aria-label={t("signOut")}
                onClick={() => void signOut()}
              >
                <IconLogout size={22} stroke={1.75} aria-hidden="true" className={classes.flip} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconLogout size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />}
              onClick={() => void signOut()}
            >
              {t("signOut")}
            </Button>
          )}
          {confirmation}
        </div>
      </header>
      {organizationId ? <MyNav counts={counts} /> : null}
      <main className={classes.main}>
        {organizationId ? (
          // Keyed by organization: switching starts the sections afresh (a shown feed URL included).
          <Outlet
            key={organizationId}
            context={{ user, organizationId, asks, toast: toaster.show } satisfies MyContext}
          />
        ) : (
          <ProfilePage user={user} />
        )}
      </main>
      <Toasts toaster={toaster} />
    </div>
  );
}
