import type { RequestTimeOff } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import classes from "./TimeOff.module.css";
import { hoursAmount, rangeText, wallTimeText } from "./time-off-format.ts";

/**
 * Time off in one line: its type's colour, its days (and a part's times),
 * and the hours it takes. Used on "My time off" and in "My requests".
 */
export function TimeOffSummary({ timeOff }: { timeOff: RequestTimeOff }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  return (
    <p className={classes.summary}>
      <span className={classes.swatch} style={{ backgroundColor: timeOff.leave_type.color }} aria-hidden="true" />
      <span className={classes.bold}>{rangeText(timeOff.from, timeOff.to, language)}</span>
      {timeOff.part ? (
        <bdi className={classes.times}>
          {t("timeOff.list.times", {
            start: wallTimeText(timeOff.part.start, language),
            end: wallTimeText(timeOff.part.end, language),
          })}
        </bdi>
      ) : null}
      <span className={classes.dim}>
        · <bdi>{hoursAmount(timeOff.minutes, language)}</bdi>
      </span>
    </p>
  );
}
