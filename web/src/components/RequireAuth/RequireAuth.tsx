import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { publicPaths } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { httpStatusOf } from "../../lib/api-error.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { isSessionEnded } from "../../lib/auth-errors.ts";
import classes from "../AuthCard/AuthCard.module.css";
import { LoadingDots } from "../LoadingDots/LoadingDots.tsx";

/**
 * The auth-loading gate (spec §2, §4) for pages that need a session: loading
 * dots while the user loads, then the page, or sign-in when there is no session
 * (no token, a refused one, or a lookup that found nobody), or an error view
 * when the user could not be loaded for another reason (server or network).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { hasToken, user, error, isFetchingRole, fetchUserRole, logout } = useAuth();
  const { t } = useTranslation("auth");

  if (!hasToken) return <Navigate to={publicPaths.signin} replace />;
  if (error && !user) {
    if (isSessionEnded(httpStatusOf(error), error)) return <Navigate to={publicPaths.signin} replace />;
    return (
      <Paper withBorder radius="lg" shadow="sm" className={classes.card} role="alert">
        <Title order={1} className={classes.title} mb="xs">
          {t("gate.errorTitle")}
        </Title>
        <Text c="dimmed" mb="xl">
          {t("gate.errorMessage")}
        </Text>
        <Group gap="sm">
          <Button onClick={() => void fetchUserRole()} loading={isFetchingRole}>
            {t("gate.retry")}
          </Button>
          <Button variant="default" onClick={() => void logout()}>
            {t("signOut")}
          </Button>
        </Group>
      </Paper>
    );
  }
  if (user === undefined) return <LoadingDots layout="section" />;
  if (user === null) return <Navigate to={publicPaths.signin} replace />;
  return children;
}
