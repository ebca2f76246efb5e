import { Tooltip } from "@mantine/core";
import type { LiveStatus } from "../../lib/live-connection.ts";
import classes from "./LiveIndicator.module.css";

export type ShownLiveStatus = Exclude<LiveStatus, "off">;

/**
 * A quiet dot saying whether changes arrive by themselves ("Live",
 * "Reconnecting…"), with a hint of what that means; nothing when the page has
 * no live connection. The page gives the words (its own namespace).
 */
export function LiveIndicator({
  status,
  text,
}: {
  status: LiveStatus;
  text(status: ShownLiveStatus): { label: string; hint: string };
}) {
  if (status === "off") return null;
  const { label, hint } = text(status);
  return (
    <Tooltip label={hint} multiline w={240} withArrow>
      <span className={classes.live} data-status={status} data-testid="live-indicator" role="status">
        <span className={classes.liveDot} aria-hidden="true" />
        {label}
      </span>
    </Tooltip>
  );
}
