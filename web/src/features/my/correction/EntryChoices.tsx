import { Text, UnstyledButton } from "@mantine/core";
import { IconChevronRight, IconClockPlus, IconHourglass, IconLock } from "@tabler/icons-react";
import type { MyEntriesResponse, MyEntry } from "@workshift/contracts";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { shortDayOf, timeOf } from "../my-format.ts";
import classes from "./Correction.module.css";
import { entryState } from "./correction-form.ts";

/**
 * My recent entries to choose from, newest first, and "I forgot to clock
 * in". An entry that can't be corrected is shown, not offered, with why.
 */
export function EntryChoices({
  entries,
  jobs,
  onChoose,
}: {
  entries: readonly MyEntry[];
  jobs: MyEntriesResponse["jobs"];
  onChoose(entry: MyEntry | null): void;
}) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const jobOf = (id: string | null) => jobs.find((job) => job.id === id) ?? null;
  return (
    <div className={classes.choices}>
      <Text size="sm" c="dimmed">
        {t("correction.pick")}
      </Text>
      <ul className={classes.list}>
        <li>
          <UnstyledButton className={classes.choice} onClick={() => onChoose(null)} data-testid="my-correction-missed">
            <IconClockPlus size={22} stroke={1.75} aria-hidden="true" className={classes.icon} />
            <span className={classes.choiceText}>
              <span className={classes.choiceTitle}>{t("correction.missed")}</span>
              <span className={classes.choiceMeta}>{t("correction.missedHint")}</span>
            </span>
            <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
          </UnstyledButton>
        </li>
        {entries.map((entry) => {
          const zone = entry.time_zone;
          const state = entryState(entry);
          const job = jobOf(entry.job_id);
          const breaks = entry.breaks.length;
          const content = (
            <>
              <span className={classes.choiceText}>
                <span className={classes.choiceTitle}>
                  {shortDayOf(entry.clock_in_at, zone, language)}{" "}
                  <bdi className={classes.times}>
                    {timeOf(entry.clock_in_at, zone, language)}
                    {"\u2009–\u2009"}
                    {entry.clock_out_at ? timeOf(entry.clock_out_at, zone, language) : t("correction.noOut")}
                  </bdi>
                </span>
                <span className={classes.choiceMeta}>
                  {job ? job.name : t("shifts.noJob")}
                  {breaks > 0 ? ` · ${t("correction.breaks", { count: breaks })}` : ""}
                </span>
                {state === "locked" ? (
                  <span className={classes.why}>
                    <IconLock size={14} stroke={1.75} aria-hidden="true" /> {t("correction.locked")}
                  </span>
                ) : null}
                {state === "waiting" ? (
                  <span className={classes.why}>
                    <IconHourglass size={14} stroke={1.75} aria-hidden="true" /> {t("correction.waiting")}
                  </span>
                ) : null}
              </span>
              {state === "open" ? (
                <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
              ) : null}
            </>
          );
          return (
            <li key={entry.id} style={{ "--job-color": job?.color ?? "var(--mantine-color-gray-4)" } as CSSProperties}>
              {state === "open" ? (
                <UnstyledButton
                  className={classes.choice}
                  data-entry
                  onClick={() => onChoose(entry)}
                  data-testid="my-correction-entry"
                >
                  {content}
                </UnstyledButton>
              ) : (
                <div className={classes.choice} data-entry data-disabled data-testid="my-correction-entry">
                  {content}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("correction.noEntries")}
        </Text>
      ) : null}
    </div>
  );
}
