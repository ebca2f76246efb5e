import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { DocumentTitle } from "../DocumentTitle/DocumentTitle.tsx";
import classes from "./AuthCard.module.css";

interface AuthCardProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  /** The line under the card pointing to the other form ("New to Workshift? Create an account"). */
  switchTo?: { question: string; label: string; to: string } | undefined;
  /** Shown above the title (e.g. a back arrow). */
  before?: ReactNode;
}

/** The centred card every sign-in side page shares. */
export function AuthCard({ title, subtitle, children, switchTo, before }: AuthCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" shadow="sm" className={classes.card}>
      <DocumentTitle page={title} />
      {before}
      <Stack gap={6} mb="xl">
        <Title order={1} id={headingId} className={classes.title}>
          {title}
        </Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      {children}
      {switchTo ? (
        <Text size="sm" className={classes.switch}>
          {switchTo.question}{" "}
          <Anchor component={Link} to={switchTo.to} fw={600}>
            {switchTo.label}
          </Anchor>
        </Text>
      ) : null}
    </Paper>
  );
}
