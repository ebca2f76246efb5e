import { Button, Text } from "@mantine/core";
import { IconHandStop } from "@tabler/icons-react";
import type { LiveRefusal } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatTime } from "./clock-format.ts";
import { isolate, personName } from "./live-status.ts";
import { refusalReasonKey } from "./refusal-reason.ts";
import classes from "./TimeClock.module.css";

/** Shown before "show all": the newest few are what a manager acts on. */
const FIRST_SHOWN = 5;

/**
 * Today's punches the server refused (each person was told why on their
 * phone), newest first: who tried what, when, and why it was refused, so
 * "the app would not let me clock in" can be checked and the time added.
 */
export function RefusedPunches({ refused, zone }: { refused: readonly LiveRefusal[]; zone: string }) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const [all, setAll] = useState(false);
  if (refused.length === 0) return null;
  const shown = all ? refused : refused.slice(0, FIRST_SHOWN);

  return (
    <section className={classes.group} aria-labelledby="live-refused-title" data-testid="live-refused">
      <h3 id="live-refused-title" className={classes.groupTitle}>
        <IconHandStop size={18} stroke={1.9} aria-hidden="true" className={classes.refusedIcon} />
        {t("live.refused.title")}
        <span className={classes.groupCount}>{formatCount(refused.length, language)}</span>
      </h3>
      <Text size="sm" c="dimmed">
        {t("live.refused.hint")}
      </Text>
      <ul className={classes.liveList}>
        {shown.map((item) => (
          <li key={item.id} className={classes.refusedRow} data-testid="live-refused-punch">
            <Text fw={600} className={classes.refusedName}>
              {isolate(personName(item) || t("unnamed"))}
            </Text>
            <Text size="sm">
              {t("live.refused.what", {
                kind: t(`history.punchKind.${item.kind}`),
                time: formatTime(item.at, zone, language),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {t(refusalReasonKey(item.reason))}
            </Text>
          </li>
        ))}
      </ul>
      {refused.length > FIRST_SHOWN ? (
        <Button variant="subtle" size="compact-sm" onClick={() => setAll(!all)} className={classes.refusedMore}>
          {all ? t("live.refused.fewer") : t("live.refused.all", { count: refused.length })}
        </Button>
      ) : null}
    </section>
  );
}
