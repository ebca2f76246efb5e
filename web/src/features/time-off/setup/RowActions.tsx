import { Button } from "@mantine/core";
import classes from "./Setup.module.css";

/**
 * A list row's buttons (edit, archive or restore, delete): small, each with
 * an accessible name that says which row it acts on.
 */
export interface RowAction {
  label: string;
  /** The accessible name: the action and the row's name ("Edit Vacation"). */
  name: string;
  onClick: () => void;
  /** edit: outlined; danger: red, quiet; quiet: plain (a restore). */
  tone: "edit" | "danger" | "quiet";
}

export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className={classes.rowActions}>
      {actions.map((action) => (
        <Button
          key={action.label}
          size="xs"
          variant={action.tone === "edit" ? "default" : "subtle"}
          color={action.tone === "danger" ? "red" : undefined}
          aria-label={action.name}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
