import { IconCoffee } from "@tabler/icons-react";
import type { ClockStatus } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverNow } from "../../../lib/server-clock.ts";
import classes from "./Clock.module.css";
import type { ClockView } from "./clock-actions.ts";
import { durationText, liveMinutes, spokenDuration, timerText, workedMs } from "./clock-format.ts";

/** The server's time as this device tells it (lib/server-clock.ts), moved on at each whole second while `running`. */
function useNow(running: boolean, offset: number): number {
  const [now, setNow] = useState(() => serverNow(offset));
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = serverNow(offset);
      setNow(current);
      timer = setTimeout(tick, 1000 - (current % 1000) + 10);
    };
    tick();
    return () => clearTimeout(timer);
  }, [running, offset]);
  return running ? now : serverNow(offset);
}

/**
 * The running parts of the card, apart so that only they render each second:
 * the worked time of the entry going on (breaks left out), the break's own
 * time while on one, and today's and this week's hours.
 */
export function ClockLive({ view, status, offset }: { view: ClockView; status: ClockStatus; offset: number }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const running = view.spans.some((span) => span.clock_out_at === null);
  const now = useNow(running, offset);
  const open = view.open;
  const worked = open ? workedMs(open, now) : 0;
  const going = open && view.state === "break" ? open.breaks.at(-1) : undefined;
  const today = liveMinutes(status.today_minutes, view.spans, status.server_time, now);
  const week = liveMinutes(status.week_minutes, view.spans, status.server_time, now);

  return (
    <>
      {open ? (
        <>
          <p
            className={classes.timer}
            role="timer"
            aria-label={t("clock.timerLabel", { duration: spokenDuration(worked, language) })}
            data-testid="my-clock-timer"
          >
            {timerText(worked, language)}
          </p>
          <span className={classes.timerCaption}>{t("clock.timerCaption")}</span>
          {going ? (
            <span className={classes.breakTimer}>
              <IconCoffee size={16} stroke={1.75} aria-hidden="true" />
              {t("clock.breakFor", { duration: timerText(now - Date.parse(going.starts_at), language) })}
            </span>
          ) : null}
        </>
      ) : null}
      <dl className={classes.totals} data-testid="my-clock-totals">
        <div>
          <dt>{t("clock.today")}</dt>
          <dd data-testid="my-clock-today">{durationText(today, language)}</dd>
        </div>
        <div>
          <dt>{t("clock.week")}</dt>
          <dd data-testid="my-clock-week">{durationText(week, language)}</dd>
        </div>
      </dl>
    </>
  );
}
