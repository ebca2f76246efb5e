import { Paper, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import classes from "./Setup.module.css";

interface SectionProps {
  title: string;
  description?: string;
  /** The section's main action ("Add a type"), at the end of its heading. */
  action?: ReactNode;
  children: ReactNode;
}

/** One part of the settings, a region named by its heading. */
export function Section({ title, description, action, children }: SectionProps) {
  const id = useId();
  return (
    <Paper component="section" withBorder radius="md" p={{ base: "sm", sm: "lg" }} aria-labelledby={id}>
      <div className={classes.sectionHead}>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </div>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      <div className={classes.sectionBody}>{children}</div>
    </Paper>
  );
}
