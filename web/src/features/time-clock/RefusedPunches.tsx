import { Button, Text } from "@mantine/core";
import { IconHandStop } from "@tabler/icons-react";
import { type LiveRefusal, localDateOf } from "@workshift/contracts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatDay, formatTime } from "./clock-format.ts";
import { isolate, personName } from "./live-status.ts";
import { refusalReasonKey } from "./refusal-reason.ts";
import classes from "./TimeClock.module.css";

/** Shown before "show all": the newest few are what a manager acts on. */
const FIRST_SHOWN = 5;

interface RefusedPunchesProps {
  /** The newest of today's refused punches (the API sends the latest 50). */
  refused: readonly LiveRefusal[];
  /** How many there were today in all. */
  total: number;
  today: string;
  zone: string;
}

/**
 * Today's punches the server refused (each person was told why on their
 * phone), newest first: who tried what, when, and why it was refused, so
 * "the app would not let me clock in" can be checked and the time added.
 */
export function RefusedPunches({ refused, total, today, zone }: RefusedPunchesProps) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const [all, setAll] = useState(false);
  const listId = useId();
  if (refused.length === 0) return null;
  const shown = all ? refused : refused.slice(0, FIRST_SHOWN);

  /** A punch made on another day (sent late, or timed by a wrong clock) says which. */
  const when = (item: LiveRefusal) => {
    const kind = t(`history.punchKind.${item.kind}`);
    const time = formatTime(item.at, zone, language);
    const day = localDateOf(item.at, zone);
    return day === today
      ? t("live.refused.what", { kind, time })
      : t("live.refused.whatOn", { kind, time, day: formatDay(day, language) });
  };

  return (
    <section className={classes.group} aria-labelledby="live-refused-title" data-testid="live-refused">
      <h3 id="live-refused-title" className={classes.groupTitle}>
        <IconHandStop size={18} stroke={1.9} aria-hidden="true" className={classes.refusedIcon} />
        {t("live.refused.title")}
        <span className={classes.groupCount}>{formatCount(total, language)}</span>
      </h3>
      <Text size="sm" c="dimmed">
        {t("live.refused.hint")}
      </Text>
      <ul className={classes.liveList} id={listId}>
        {shown.map((item) => (
          <li key={`${item.user_id}:${item.id}`} className={classes.refusedRow} data-testid="live-refused-punch">
            <Text fw={600} className={classes.refusedName}>
              {isolate(personName(item) || t("unnamed"))}
            </Text>
            <Text size="sm">{when(item)}</Text>
            <Text size="sm" c="dimmed">
              {t(refusalReasonKey(item.reason))}
            </Text>
          </li>
        ))}
      </ul>
      {all && total > refused.length ? (
        <Text size="sm" c="dimmed">
          {t("live.refused.more", {
            shown: formatCount(refused.length, language),
            total: formatCount(total, language),
          })}
        </Text>
      ) : null}
      {refused.length > FIRST_SHOWN ? (
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
          className={classes.refusedMore}
        >
          {all
            ? t("live.refused.fewer")
            : t("live.refused.all", { count: total, formatted: formatCount(total, language) })}
        </Button>
      ) : null}
    </section>
  );
}
