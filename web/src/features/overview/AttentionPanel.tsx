import { Button, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconChecklist, IconCircleCheck, IconHandStop, IconSend } from "@tabler/icons-react";
import type { OverviewResponse } from "@workshift/contracts";
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./Overview.module.css";
import { formatDay, formatDayRange } from "./overview-format.ts";
import { type AttentionIcon, attentionView } from "./overview-links.ts";

const icons: Record<AttentionIcon, { icon: typeof IconSend; color: string }> = {
  unpublished: { icon: IconSend, color: "blue" },
  flagged: { icon: IconAlertTriangle, color: "red" },
  refused: { icon: IconHandStop, color: "orange" },
  approvals: { icon: IconChecklist, color: "orange" },
};

/**
 * What a manager should do next: publish a board's changes, settle the
 * flagged entries, approve the last pay period. A sentence and its action
 * each; "All caught up" when there is nothing.
 */
export function AttentionPanel({ overview }: { overview: OverviewResponse }) {
  const { t, i18n } = useTranslation("overview");
  const language = i18n.resolvedLanguage;
  const idPrefix = useId();
  const items = overview.attention.map((item) =>
    attentionView(item, {
      day: (date) => formatDay(date, language),
      period: (start, end) => formatDayRange(start, end, language),
    }),
  );

  return (
    <section
      className={`${classes.panel} ${classes.attention}`}
      aria-labelledby="overview-attention-title"
      data-testid="overview-attention"
    >
      <div className={classes.panelHead}>
        <Title order={2} id="overview-attention-title" className={classes.panelTitle}>
          {t("attention.title")}
        </Title>
      </div>
      {items.length === 0 ? (
        <div className={classes.caughtUp} data-testid="overview-caught-up">
          <IconCircleCheck size={24} stroke={1.75} aria-hidden="true" className={classes.caughtUpIcon} />
          <div>
            <Text fw={700}>{t("attention.doneTitle")}</Text>
            <Text size="sm">{t("attention.done")}</Text>
          </div>
        </div>
      ) : (
        <ul className={classes.attentionList}>
          {items.map((item) => {
            const look = icons[item.icon];
            const Icon = look.icon;
            const textId = `${idPrefix}-${item.key}`;
            return (
              <li
                key={item.key}
                className={classes.attentionItem}
                style={{ "--item-color": `var(--mantine-color-${look.color}-6)` } as CSSProperties}
                data-testid={`overview-attention-${item.icon}`}
              >
                <span className={classes.attentionIcon} aria-hidden="true">
                  <Icon size={18} stroke={1.9} />
                </span>
                <div className={classes.attentionBody}>
                  <Text size="sm" id={textId} className={classes.attentionText}>
                    {t(item.text.key, item.text.values)}
                  </Text>
                  <Button
                    component={Link}
                    to={item.action.to}
                    size="compact-sm"
                    variant="light"
                    color={look.color}
                    aria-describedby={textId}
                  >
                    {t(item.action.key)}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
