import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import classes from "./Calendar.module.css";
import type { LeaveItem } from "./calendar-layout.ts";

/** The colours of the leave types shown, and how approved and pending leave look. */
export function CalendarLegend({ types }: { types: readonly LeaveItem["leaveType"][] }) {
  const { t } = useTranslation("timeOff");
  return (
    <ul className={classes.legend} aria-label={t("calendar.legend")}>
      {types.map((type) => (
        <li key={type.id}>
          <span
            className={classes.swatch}
            style={{ "--leave-color": type.color } as CSSProperties}
            aria-hidden="true"
          />
          <bdi>{type.name}</bdi>
        </li>
      ))}
      <li>
        <span className={classes.swatch} data-status="approved" aria-hidden="true" />
        {t("calendar.legendApproved")}
      </li>
      <li>
        <span className={classes.swatch} data-status="pending" aria-hidden="true" />
        {t("calendar.legendPending")}
      </li>
    </ul>
  );
}
