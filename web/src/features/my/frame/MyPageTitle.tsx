import { Title } from "@mantine/core";
import type { ReactNode } from "react";
import { DocumentTitle } from "../../../components/DocumentTitle/DocumentTitle.tsx";
import classes from "../MyPage.module.css";

/** A section's heading (the page's one h1) and the tab's title. */
export function MyPageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <DocumentTitle page={title} />
      <Title order={1} className={classes.title}>
        {children ?? title}
      </Title>
    </>
  );
}
