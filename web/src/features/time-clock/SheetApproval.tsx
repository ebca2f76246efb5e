import { Badge, Button, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconLockOpen } from "@tabler/icons-react";
import type { TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatInstant } from "./clock-format.ts";
import { isolate, personName } from "./live-status.ts";
import classes from "./TimeClock.module.css";

/** Where a person's period stands: approved (by whom, when), needing attention, or open. */
export function ApprovalState({
  person,
  sheet,
  attention,
}: {
  person: TimesheetPerson;
  sheet: TimesheetResponse;
  attention: boolean;
}) {
  const { t, i18n } = useTranslation("timeClock");
  if (person.approval !== null) {
    return (
      <>
        <Badge
          color="green"
          variant="light"
          leftSection={<IconCheck size={14} stroke={2.2} aria-hidden="true" />}
          className={classes.badge}
        >
          {t("approval.stateApproved")}
        </Badge>
        <Text span size="xs" c="dimmed">
          {t("approval.approvedBy", {
            name: person.approval?.approved_by ? isolate(personName(person.approval.approved_by)) : t("unnamed"),
            date: formatInstant(person.approval?.approved_at ?? "", sheet.time_zone, i18n.resolvedLanguage),
          })}
        </Text>
      </>
    );
  }
  return attention ? (
    <Badge
      color="orange"
      variant="light"
      leftSection={<IconAlertTriangle size={14} stroke={2} aria-hidden="true" />}
      className={classes.badge}
    >
      {t("approval.stateAttention")}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" className={classes.badge}>
      {t("approval.stateOpen")}
    </Badge>
  );
}

/**
 * Unlock an approved period, or approve an open one; approving waits until
 * nothing needs attention (the button says why, and stays focusable). The
 * two are different buttons: when one that had focus gives way to the other,
 * focus moves to the new one instead of falling to the page.
 */
export function ApprovalAction({
  name,
  approved,
  attention,
  approving,
  onApprove,
  onUnlock,
}: {
  name: string;
  approved: boolean;
  attention: boolean;
  approving: boolean;
  onApprove(): void;
  onUnlock(): void;
}) {
  const { t } = useTranslation("timeClock");
  const button = useRef<HTMLButtonElement>(null);
  const keepFocus = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the button shown changes (approved flips)
  useEffect(() => {
    if (!keepFocus.current) return;
    keepFocus.current = false;
    button.current?.focus();
  }, [approved]);
  const act = (action: () => void) => () => {
    keepFocus.current = button.current !== null && button.current === document.activeElement;
    action();
  };
  return approved ? (
    <Button
      ref={button}
      size="xs"
      variant="default"
      leftSection={<IconLockOpen size={14} stroke={1.75} aria-hidden="true" />}
      onClick={act(onUnlock)}
      aria-label={t("approval.unlockNamed", { name })}
    >
      {t("approval.unlock")}
    </Button>
  ) : (
    <Tooltip label={t("approval.settleFirst")} disabled={!attention} withArrow multiline w={260}>
      <Button
        ref={button}
        size="xs"
        leftSection={<IconCheck size={14} stroke={2} aria-hidden="true" />}
        onClick={attention ? undefined : act(onApprove)}
        data-disabled={attention || undefined}
        aria-disabled={attention || undefined}
        loading={approving}
        aria-label={t("approval.approveNamed", { name })}
        data-testid="approve"
      >
        {t("approval.approve")}
      </Button>
    </Tooltip>
  );
}
