import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconChevronRight, IconLayoutDashboard, IconLogout, IconPencil } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { adminPaths, can, type User } from "@workshift/contracts";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { LanguageMenu } from "../../components/LanguageMenu/LanguageMenu.tsx";
import { Logo } from "../../components/Logo/Logo.tsx";
import { PhoneNumber } from "../../components/PhoneNumber/PhoneNumber.tsx";
import { RequireAuth } from "../../components/RequireAuth/RequireAuth.tsx";
import { useSignOut } from "../../components/SignOut/use-sign-out.tsx";
import { UserAvatar } from "../../components/UserAvatar/UserAvatar.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { homePathForRole } from "../../lib/home-path.ts";
import { listOrganizations, type OrganizationSummary, selectOrganization } from "../../lib/organizations-api.ts";
import { isRole } from "../../lib/roles.ts";
import { useSettings } from "../../lib/settings-context.ts";
import { CalendarFeed } from "./CalendarFeed.tsx";
import { ClockCard } from "./clock/ClockCard.tsx";
import "./mantine-styles.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { MyCard } from "./MyCard.tsx";
import classes from "./MyPage.module.css";
import { MyShifts } from "./MyShifts.tsx";

/**
 * /my: the self-service area of the people who work the shifts, phone-first.
 * The time clock first, then their published shifts and a
 * calendar feed of them, their profile and their organizations.
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

  return (
    <div className={classes.shell}>
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
      <main className={classes.main}>
        <DocumentTitle page={t("title")} />
        <Title order={1} className={classes.title}>
          {t("greeting", { name: user.first_name })}
        </Title>
        {worksHere(user) ? (
          // Keyed by organization: switching starts the sections afresh (a shown feed URL included).
          <Fragment key={user.organization_id}>
            <ClockCard organizationId={user.organization_id} userId={user.id} />
            <MyShifts organizationId={user.organization_id} />
            <CalendarFeed organizationId={user.organization_id} />
          </Fragment>
        ) : null}
        <Profile user={user} />
        <Organizations user={user} />
      </main>
    </div>
  );
}

/**
 * Whether the person has shifts where they are signed in: a member of the
 * selected organization who may clock in there (a platform ADMIN working in
 * one is not).
 */
function worksHere(user: User): user is User & { organization_id: string } {
  return user.organization_id !== null && can(user, "my.clock");
}

function Profile({ user }: { user: User }) {
  const { t } = useTranslation(["my", "auth"]);
  const settings = useSettings();
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return (
    <MyCard
      title={t("profile.title")}
      action={
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconPencil size={16} stroke={1.75} aria-hidden="true" />}
          onPointerEnter={settings.preloadSettings}
          onFocus={settings.preloadSettings}
          onClick={(event) => settings.openSettings("account", event.currentTarget)}
        >
          {t("profile.edit")}
        </Button>
      }
    >
      <div className={classes.person}>
        <UserAvatar initials={user.initials} color={user.color} role={user.role} size={56} />
        <div className={classes.personText}>
          <Text fw={700} size="lg" className={classes.name}>
            {name}
          </Text>
          {isRole(user.role) ? (
            <Text size="sm" c="dimmed">
              {t(`auth:roles.${user.role}`)}
            </Text>
          ) : null}
        </div>
      </div>
      <dl className={classes.facts}>
        <div>
          <dt>{t("profile.phone")}</dt>
          <dd>{user.phone ? <PhoneNumber phone={user.phone} /> : t("profile.none")}</dd>
        </div>
        <div>
          <dt>{t("profile.email")}</dt>
          <dd>{user.email ? <bdi dir="ltr">{user.email}</bdi> : t("profile.none")}</dd>
        </div>
      </dl>
    </MyCard>
  );
}

/** The organizations the person belongs to, with their role in each; another one is a tap away. */
function Organizations({ user }: { user: User }) {
  const { t } = useTranslation(["my", "auth"]);
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const organizations = useQuery({ queryKey: ["organizations", ""], queryFn: () => listOrganizations("") });
  const choose = useMutation({
    mutationFn: selectOrganization,
    onSuccess: (session) => {
      acceptSession(session);
      navigate(homePathForRole(session.user.role ?? undefined), { replace: true });
    },
  });
  const manages = can(user, "overview.view");

  let content: ReactNode;
  if (organizations.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={t("organizations.loading")}>
        <Skeleton height={56} radius="md" />
        <Skeleton height={56} radius="md" />
      </Stack>
    );
  } else if (organizations.isError) {
    content = (
      <ErrorAlert>
        {t("organizations.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void organizations.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (organizations.data.length === 0) {
    content = <Text c="dimmed">{t("organizations.none")}</Text>;
  } else {
    content = (
      <ul className={classes.orgs} aria-label={t("organizations.title")}>
        {organizations.data.map((organization) => (
          <OrganizationItem
            key={organization.id}
            organization={organization}
            current={organization.id === user.organization_id}
            busy={choose.isPending && choose.variables === organization.id}
            disabled={choose.isPending}
            onChoose={() => choose.mutate(organization.id)}
          />
        ))}
      </ul>
    );
  }

  return (
    <MyCard title={t("organizations.title")}>
      <Text size="sm" c="dimmed" mb="sm">
        {t("organizations.hint")}
      </Text>
      {content}
      {choose.isError ? (
        <Alert
          variant="light"
          color="red"
          role="alert"
          mt="sm"
          icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
        >
          {t("organizations.switchFailed")}
        </Alert>
      ) : null}
      {manages ? (
        <Button
          component={Link}
          to={adminPaths.overview}
          variant="default"
          mt="md"
          leftSection={<IconLayoutDashboard size={18} stroke={1.75} aria-hidden="true" />}
        >
          {t("organizations.openAdmin")}
        </Button>
      ) : null}
    </MyCard>
  );
}

interface OrganizationItemProps {
  organization: OrganizationSummary;
  current: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose(): void;
}

function OrganizationItem({ organization, current, busy, disabled, onChoose }: OrganizationItemProps) {
  const { t } = useTranslation(["my", "auth"]);
  const role = isRole(organization.role) ? t(`auth:roles.${organization.role}`) : organization.role;
  const mark = (
    <span className={classes.mark} aria-hidden="true">
      {organization.title.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
  if (current) {
    return (
      <li className={classes.org} aria-current="true">
        {mark}
        <span className={classes.orgText}>
          <span className={classes.orgName}>{organization.title}</span>
          <span className={classes.orgRole}>{role}</span>
        </span>
        <Badge variant="light" radius="sm" className={classes.currentBadge}>
          {t("organizations.current")}
        </Badge>
      </li>
    );
  }
  return (
    <li>
      <UnstyledButton className={classes.org} data-button onClick={onChoose} disabled={disabled}>
        {mark}
        <span className={classes.orgText}>
          <span className={classes.orgName}>{organization.title}</span>
          <span className={classes.orgRole}>{role}</span>
        </span>
        <span className={classes.switchLabel}>{t("organizations.switch")}</span>
        {busy ? (
          <Loader size="xs" />
        ) : (
          <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
        )}
      </UnstyledButton>
    </li>
  );
}
