import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { isolated, leaveHours, partTimes } from "../../../lib/time-off-format.ts";
import classes from "./Calendar.module.css";
import type { LeaveItem } from "./calendar-layout.ts";

interface LeaveChipProps {
  item: LeaveItem;
  /** What the chip writes: the person (a day's list), the leave type (a person's row), or both (a phone's list). */
  show: "person" | "type" | "both";
  onOpen(item: LeaveItem): void;
}

/**
 * One person's leave on one day, as a button that opens the request: in the
 * leave type's colour, approved solid and pending outlined and striped with
 * the word, the hours of a part of a day. Its accessible name says it all.
 */
export function LeaveChip({ item, show, onOpen }: LeaveChipProps) {
  const { t, i18n } = useTranslation("timeOff");
  const language = i18n.resolvedLanguage;
  const pending = item.status === "pending";
  const hours = item.part ? leaveHours(item.minutes, language) : null;
  const label = [
    item.name,
    item.leaveType.name,
    pending ? t("calendar.item.pending") : t("calendar.item.approved"),
    item.cancelRequestId ? t("calendar.item.cancelAsked") : null,
    item.part
      ? t("calendar.item.part", { times: partTimes(item.part, language), hours: isolated(hours ?? "") })
      : t("calendar.item.wholeDay"),
  ]
    .filter(Boolean)
    .join(", ");
  const text = show === "type" ? item.leaveType.name : item.name;
  return (
    <button
      type="button"
      className={classes.chip}
      style={{ "--leave-color": item.leaveType.color } as CSSProperties}
      data-status={item.status}
      data-cancel-asked={item.cancelRequestId ? true : undefined}
      data-request-id={item.requestId}
      data-day={item.day}
      data-testid="time-off-item"
      aria-label={label}
      title={label}
      onClick={() => onOpen(item)}
    >
      <span className={classes.chipText}>
        <bdi className={show === "type" ? undefined : classes.chipName}>{text}</bdi>
        {show === "both" ? (
          <>
            {" · "}
            <bdi>{item.leaveType.name}</bdi>
          </>
        ) : null}
      </span>
      {hours ? <span className={classes.chipMeta}>{hours}</span> : null}
      {pending ? <span className={classes.chipPending}>{t("calendar.item.pendingShort")}</span> : null}
      {item.cancelRequestId ? <span className={classes.chipPending}>{t("calendar.item.cancelShort")}</span> : null}
    </button>
  );
}
