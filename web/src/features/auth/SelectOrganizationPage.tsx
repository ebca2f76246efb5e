import { Alert, Anchor, Badge, Button, Loader, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertCircle, IconChevronRight, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AuthCard } from "../../components/AuthCard/AuthCard.tsx";
import { AuthFailureAlert } from "../../components/AuthFailureAlert/AuthFailureAlert.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { RequireAuth } from "../../components/RequireAuth/RequireAuth.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { homePathForRole } from "../../lib/home-path.ts";
import { organizationChoices, selectOrganization } from "../../lib/organizations-api.ts";
import { problemCodeOf } from "../../lib/problem-text.ts";
import { isRole } from "../../lib/roles.ts";
import { lastUsedFirst } from "./organization-choice.ts";
import classes from "./SelectOrganizationPage.module.css";

/** More than this many and the list gets a search box (a platform admin always has one: it searches them all). */
const SEARCH_FROM = 6;

/**
 * /select-organization: after the code, the person picks which organization to
 * work in (someone with exactly one was taken straight in). The one they last
 * entered comes first, marked and focused.
 */
export function SelectOrganizationPage() {
  return (
    <RequireAuth>
      <OrganizationChooser />
    </RequireAuth>
  );
}

function OrganizationChooser() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const { user, acceptSession, logout } = useAuth();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);

  const organizations = useQuery({
    queryKey: ["organizations", "choices", query],
    queryFn: () => organizationChoices(query),
    placeholderData: keepPreviousData,
  });

  const choose = useMutation({
    mutationFn: selectOrganization,
    onSuccess: (session) => {
      acceptSession(session);
      // Owners and supervisors to the admin area, a platform admin to job scheduling, an employee to /my.
      navigate(homePathForRole(session.user.role ?? undefined), { replace: true });
    },
  });

  const list = lastUsedFirst(organizations.data?.organizations ?? []);
  const searching = query !== "";
  const showSearch =
    searching ||
    search !== "" ||
    organizations.data?.searchAll === true ||
    (organizations.isSuccess && (list.length > SEARCH_FROM || list.length === 0));
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ");

  let content: ReactNode;
  if (organizations.isPending) {
    content = <LoadingDots layout="section" />;
  } else if (organizations.isError) {
    content = (
      <Alert variant="light" color="red" icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}>
        {t("organizations.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void organizations.refetch()}>
          {t("gate.retry")}
        </Anchor>
      </Alert>
    );
  } else if (list.length === 0) {
    content = (
      <div className={classes.empty}>
        {searching ? (
          <Text>{t("organizations.noMatch", { search: query })}</Text>
        ) : (
          <Stack gap="sm" align="center">
            <Text fw={600}>{t("organizations.emptyTitle")}</Text>
            <Text c="dimmed" size="sm">
              {t("organizations.emptyMessage")}
            </Text>
            <Button variant="default" onClick={() => void logout()}>
              {t("signOut")}
            </Button>
          </Stack>
        )}
      </div>
    );
  } else {
    content = (
      <ul className={classes.list} aria-label={t("organizations.listLabel")} aria-busy={organizations.isFetching}>
        {list.map((organization) => {
          const busy = choose.isPending && choose.variables === organization.id;
          const role = isRole(organization.role) ? t(`roles.${organization.role}`) : organization.role;
          return (
            <li key={organization.id}>
              <UnstyledButton
                className={classes.item}
                data-busy={busy || undefined}
                disabled={choose.isPending}
                // The one last entered is the likely choice: Enter takes the person there.
                autoFocus={organization.last_used && !searching}
                onClick={() => choose.mutate(organization.id)}
              >
                <span className={classes.mark} aria-hidden="true">
                  {organization.title.trim().charAt(0).toUpperCase() || "?"}
                </span>
                <span className={classes.text}>
                  <span className={classes.name}>{organization.title}</span>
                  <span className={classes.role}>
                    {role}
                    {organization.last_used ? (
                      <Badge size="sm" variant="light" className={classes.lastUsed}>
                        {t("organizations.lastUsed")}
                      </Badge>
                    ) : null}
                  </span>
                </span>
                {busy ? (
                  <Loader size="xs" />
                ) : (
                  <IconChevronRight size={18} stroke={1.75} className={classes.chevron} aria-hidden="true" />
                )}
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    );
  }

  const failure = choose.error ? problemCodeOf(choose.error) : null;

  return (
    <AuthCard
      title={t("organizations.title")}
      subtitle={name ? t("organizations.subtitleNamed", { name }) : t("organizations.subtitle")}
    >
      <Stack gap="md">
        {showSearch ? (
          <TextInput
            type="search"
            size="md"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={18} stroke={1.75} aria-hidden="true" />}
            label={t("organizations.searchLabel")}
            placeholder={t("organizations.searchPlaceholder")}
          />
        ) : null}
        {content}
        {failure ? <AuthFailureAlert failure={failure} /> : null}
        {list.length > 0 ? (
          <Text size="sm" ta="center" mt="sm">
            <Anchor component="button" type="button" c="dimmed" onClick={() => void logout()}>
              {t("organizations.notYou")}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </AuthCard>
  );
}
