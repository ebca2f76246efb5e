import { Anchor, Badge, Button, Loader, Skeleton, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronRight, IconLayoutDashboard } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { adminPaths, can, type User } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useAuth } from "../../../lib/auth-context.ts";
import { homePathForRole } from "../../../lib/home-path.ts";
import { listOrganizations, type OrganizationSummary, selectOrganization } from "../../../lib/organizations-api.ts";
import { isRole } from "../../../lib/roles.ts";
import { MyCard } from "../MyCard.tsx";
import classes from "../MyPage.module.css";

/** The organizations the person belongs to, with their role in each; another one is a tap away. */
export function OrganizationsCard({ user }: { user: User }) {
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
      {choose.isError ? <ErrorAlert mt="sm">{t("organizations.switchFailed")}</ErrorAlert> : null}
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
