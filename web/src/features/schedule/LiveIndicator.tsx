import { Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./SchedulePage.module.css";
import type { LiveStatus } from "./schedule-events.ts";

/** A quiet dot saying whether other managers' changes arrive by themselves. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation("schedule");
  if (status === "off") return null;
  return (
    <Tooltip label={t(`live.${status}Hint`)} multiline w={240} withArrow>
      <span className={classes.live} data-status={status} data-testid="live-indicator" role="status">
        <span className={classes.liveDot} aria-hidden="true" />
        {t(`live.${status}`)}
      </span>
    </Tooltip>
  );
}
