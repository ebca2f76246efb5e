import { Alert, CloseButton, Group, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useCodeText } from "../../lib/problem-text.ts";
import type { BulkSummary } from "./bulk.ts";
import classes from "./Requests.module.css";
import { formatCount, formatDay, isolate } from "./request-format.ts";
import { requestTitle } from "./request-text.ts";

/**
 * What a bulk decision did: how many were approved or declined, and each one
 * refused, named, with why in words chosen by its code. It stays until
 * dismissed (the refused ones are still in the list, to look at again).
 */
export function BulkSummaryPanel({ summary, onDismiss }: { summary: BulkSummary; onDismiss(): void }) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const codeText = useCodeText();
  const decided = summary.decision === "approve" ? summary.approved : summary.declined;
  const count = (value: number) => ({ count: value, formatted: formatCount(value, language) });
  const refused = summary.refused.length;

  return (
    <Alert
      variant="light"
      color={refused > 0 ? "yellow" : "green"}
      icon={
        refused > 0 ? (
          <IconAlertTriangle size={20} stroke={1.75} aria-hidden="true" />
        ) : (
          <IconCircleCheck size={20} stroke={1.75} aria-hidden="true" />
        )
      }
      role="status"
      data-testid="bulk-summary"
      title={
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <span>
            {summary.decision === "approve"
              ? t("summary.approved", count(decided))
              : t("summary.declined", count(decided))}
            {refused > 0 ? ` ${t("summary.refused", count(refused))}` : ""}
          </span>
          <CloseButton size="sm" aria-label={t("summary.dismiss")} onClick={onDismiss} />
        </Group>
      }
    >
      {refused > 0 ? (
        <>
          <Text size="sm" mb={4}>
            {t("summary.refusedIntro")}
          </Text>
          <ul className={classes.summaryList}>
            {summary.refused.map((refusal) => (
              <li key={refusal.id}>
                {refusal.item
                  ? t("summary.refusedItem", {
                      title: requestTitle(refusal.item, t),
                      day: isolate(formatDay(refusal.item.date, language)),
                      why: codeText(refusal.code as never),
                    })
                  : t("summary.refusedUnknown", { why: codeText(refusal.code as never) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Alert>
  );
}
