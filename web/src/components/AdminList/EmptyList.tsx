import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import layout from "../AdminPage/AdminPage.module.css";

interface EmptyListProps {
  icon: ReactNode;
  title: string;
  message: string;
  action?: ReactNode;
}

/** An empty list, or a search that found nothing: a region named by its title. */
export function EmptyList({ icon, title, message, action }: EmptyListProps) {
  return (
    <section className={layout.empty} aria-label={title}>
      <span className={layout.emptyIcon} aria-hidden="true">
        {icon}
      </span>
      <Title order={2} className={layout.emptyTitle}>
        {title}
      </Title>
      <Text c="dimmed" className={layout.emptyMessage}>
        {message}
      </Text>
      {action}
    </section>
  );
}
