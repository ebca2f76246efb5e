import { Paper, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import classes from "./MyPage.module.css";

interface MyCardProps {
  title: string;
  children: ReactNode;
  /** Beside the title, at the inline end (a button). */
  action?: ReactNode;
  "data-testid"?: string;
}

/** One of /my's sections: a bordered card named by its heading. */
export function MyCard({ title, children, action, "data-testid": testId }: MyCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      className={classes.card}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <div className={classes.cardHead}>
        <Title order={2} id={headingId} className={classes.cardTitle}>
          {title}
        </Title>
        {action}
      </div>
      {children}
    </Paper>
  );
}
