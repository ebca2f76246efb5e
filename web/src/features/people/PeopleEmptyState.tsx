import { Text, Title } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import classes from "./People.module.css";

/** No one here yet, or no one matching: what it means and what to do. */
export function PeopleEmptyState({ title, message, action }: { title: string; message: string; action: ReactNode }) {
  const headingId = useId();
  return (
    <section className={classes.empty} aria-labelledby={headingId}>
      <span className={classes.emptyIcon} aria-hidden="true">
        <IconUsers size={30} stroke={1.6} />
      </span>
      <Title order={2} id={headingId} className={classes.emptyTitle}>
        {title}
      </Title>
      <Text c="dimmed" className={classes.emptyMessage}>
        {message}
      </Text>
      {action}
    </section>
  );
}
