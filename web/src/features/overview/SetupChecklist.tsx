import { Anchor, CloseButton, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import type { OverviewResponse } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSettings } from "../../lib/settings-context.ts";
import { SETUP_HIDDEN_KEY } from "../../lib/storage-keys.ts";
import classes from "./Overview.module.css";
import own from "./SetupChecklist.module.css";
import { type SetupItem, setupChecklist } from "./setup-checklist.ts";

const hiddenKey = (organizationId: string) => `${SETUP_HIDDEN_KEY}:${organizationId}`;

function readHidden(organizationId: string): boolean {
  try {
    return globalThis.localStorage?.getItem(hiddenKey(organizationId)) === "1";
  } catch {
    return false;
  }
}

/**
 * A new organization's first steps, at the top of the overview: each ticked
 * once done (the server says which) and a link to where it is done. It goes
 * away when every step the person may do is done, or when they hide it
 * (remembered on this browser, per organization).
 */
export function SetupChecklist({ overview, organizationId }: { overview: OverviewResponse; organizationId: string }) {
  const { t } = useTranslation("overview");
  const [hidden, setHidden] = useState(() => readHidden(organizationId));
  const items = setupChecklist(overview);
  if (!items || hidden) return null;
  const done = items.filter((item) => item.done).length;

  const hide = () => {
    try {
      globalThis.localStorage?.setItem(hiddenKey(organizationId), "1");
    } catch {
      // Storage refused (private mode): hidden for this visit only.
    }
    setHidden(true);
  };

  return (
    <section
      className={`${classes.panel} ${classes.wide}`}
      aria-labelledby="overview-setup-title"
      data-testid="overview-setup"
    >
      <div className={own.head}>
        <div>
          <Title order={2} id="overview-setup-title" className={classes.panelTitle}>
            {t("setup.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("setup.intro")} {t("setup.progress", { done, total: items.length })}
          </Text>
        </div>
        <CloseButton onClick={hide} aria-label={t("setup.dismiss")} data-testid="overview-setup-hide" />
      </div>
      <ol className={own.steps}>
        {items.map((item) => (
          <SetupRow key={item.step} item={item} />
        ))}
      </ol>
    </section>
  );
}

function SetupRow({ item }: { item: SetupItem }) {
  const { t } = useTranslation("overview");
  const settings = useSettings();
  const Icon = item.done ? IconCircleCheck : IconCircleDashed;
  const title = t(`setup.steps.${item.step}.title`);
  return (
    <li className={own.step} data-done={item.done || undefined} data-testid={`overview-setup-${item.step}`}>
      <Icon size={20} stroke={1.9} aria-hidden="true" className={own.icon} />
      {typeof item.to === "string" ? (
        <Anchor component={Link} to={item.to} className={own.title}>
          {title}
        </Anchor>
      ) : (
        <Anchor
          component="button"
          type="button"
          className={own.title}
          onClick={(event) => settings.openSettings("company", event.currentTarget)}
          onMouseEnter={settings.preloadSettings}
          onFocus={settings.preloadSettings}
        >
          {title}
        </Anchor>
      )}
      <span className={own.hint}>
        <VisuallyHidden>{item.done ? t("setup.done") : t("setup.todo")}. </VisuallyHidden>
        {t(`setup.steps.${item.step}.hint`)}
      </span>
    </li>
  );
}
