import { Anchor, Button, Checkbox, Text } from "@mantine/core";
import { IconChecks, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./Requests.module.css";
import { formatCount } from "./request-format.ts";

interface BulkBarProps {
  /** How many requests on the page wait for a manager (what "select all" takes). */
  selectable: number;
  selected: number;
  state: "none" | "some" | "all";
  onSelectAll(selected: boolean): void;
  onApprove(): void;
  onDecline(): void;
  onClear(): void;
}

/**
 * Selecting many: "select all waiting on this page", how many are selected,
 * and approve all / decline all / clear. It stays in reach while the list
 * scrolls (the bottom of a phone's screen once something is selected).
 */
export function BulkBar({ selectable, selected, state, onSelectAll, onApprove, onDecline, onClear }: BulkBarProps) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  if (selectable === 0) return null;
  return (
    <section className={classes.bulkBar} data-selected={selected > 0 || undefined} aria-label={t("bulk.label")}>
      <Checkbox
        checked={state === "all"}
        indeterminate={state === "some"}
        onChange={(event) => onSelectAll(event.currentTarget.checked)}
        label={t("bulk.selectAll", { count: selectable, formatted: formatCount(selectable, language) })}
      />
      {selected > 0 ? (
        <div className={classes.bulkChosen}>
          <span className={classes.bulkCount}>
            <Text size="sm" fw={600} role="status">
              {t("bulk.selected", { count: selected, formatted: formatCount(selected, language) })}
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={onClear}>
              {t("bulk.clear")}
            </Anchor>
          </span>
          <div className={classes.bulkActions}>
            <Button
              variant="default"
              leftSection={<IconX size={18} stroke={1.75} aria-hidden="true" />}
              onClick={onDecline}
            >
              {t("bulk.decline", { count: selected, formatted: formatCount(selected, language) })}
            </Button>
            <Button
              color="green"
              leftSection={<IconChecks size={18} stroke={1.75} aria-hidden="true" />}
              onClick={onApprove}
            >
              {t("bulk.approve", { count: selected, formatted: formatCount(selected, language) })}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
