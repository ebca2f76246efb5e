import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { DocumentTitle } from "../DocumentTitle/DocumentTitle.tsx";
import classes from "./AdminPage.module.css";

/** An admin page's title (also the document's), what the page is for, and its main action on the far side. */
export function AdminPageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <>
      <DocumentTitle page={title} />
      <header className={classes.header}>
        <div className={classes.heading}>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
        </div>
        {action}
      </header>
    </>
  );
}
