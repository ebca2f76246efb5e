import { Text } from "@mantine/core";
import type { InboxItem } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import classes from "./Requests.module.css";
import { formatInstant, isolate, personName } from "./request-format.ts";

/**
 * How a request ended, or what it still waits for when it is not the
 * manager's turn: decided by whom and when (automatically by the settings),
 * the decline's reason, a teammate's refusal, a cancellation, or why it
 * expired.
 */
export function DecisionNote({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const name = (person: { first_name: string; last_name: string } | null) =>
    isolate((person && personName(person)) || t("someone"));
  const decision = item.decision;
  const when = (instant: string) => isolate(formatInstant(instant, language));

  let text: string;
  let reason: string | null = null;
  switch (item.status) {
    case "offered":
      text = item.to_user ? t("state.offeredTo", { name: name(item.to_user) }) : t("state.offeredAll");
      break;
    case "pending":
      return null;
    case "approved":
      text = decision?.automatic
        ? t("state.approvedAutomatically", { when: when(decision.at) })
        : t("state.approvedBy", { name: name(decision?.by ?? null), when: when(decision?.at ?? item.updated_at) });
      break;
    case "declined":
      text = t("state.declinedBy", { name: name(decision?.by ?? null), when: when(decision?.at ?? item.updated_at) });
      reason = decision?.reason ?? null;
      break;
    case "refused":
      text = t("state.refusedBy", { name: name(item.to_user), when: when(item.updated_at) });
      reason = item.refusal_reason;
      break;
    case "cancelled":
      text = t("state.cancelled", { name: name(item.author), when: when(item.updated_at) });
      break;
    case "expired":
      text = item.closed_code ? t(`closed.${item.closed_code}`) : t("closed.other");
      break;
  }

  return (
    <div className={classes.decision} data-testid="request-decision">
      <Text size="sm">{text}</Text>
      {reason ? (
        <blockquote className={classes.note}>
          <span className={classes.noteLabel}>{t("state.reason")}</span>
          <bdi>{reason}</bdi>
        </blockquote>
      ) : null}
    </div>
  );
}
