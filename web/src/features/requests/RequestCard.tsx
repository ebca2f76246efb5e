import { Badge, Button, Checkbox, Tooltip } from "@mantine/core";
import {
  IconArrowsExchange,
  IconBeach,
  IconCalendarTime,
  IconCalendarX,
  IconCheck,
  IconClockEdit,
  IconHandGrab,
  IconUserShare,
  IconX,
} from "@tabler/icons-react";
import type { InboxItem, Job, RequestKind, RequestStatus, TimeOffShiftAction } from "@workshift/contracts";
import { memo, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { ShiftsChoice } from "../../components/TimeOff/ShiftsChoice.tsx";
import { useCodeText } from "../../lib/problem-text.ts";
import { overlappingShifts, shiftsToSend } from "../../lib/time-off-decision.ts";
import { isDecidable } from "./bulk.ts";
import { DecisionNote } from "./DecisionNote.tsx";
import { ImpactPanel } from "./ImpactPanel.tsx";
import { namesOf } from "./people-names.ts";
import { RequestSubject } from "./RequestSubject.tsx";
import classes from "./Requests.module.css";
import { formatDay, formatInstant, formatRelative } from "./request-format.ts";
import { requestTitle } from "./request-text.ts";

export const kindIcons: Record<RequestKind, typeof IconHandGrab> = {
  claim: IconHandGrab,
  cover: IconUserShare,
  swap: IconArrowsExchange,
  availability: IconCalendarTime,
  correction: IconClockEdit,
  time_off: IconBeach,
  time_off_cancel: IconCalendarX,
};

const statusColors: Record<RequestStatus, string> = {
  pending: "blue",
  offered: "gray",
  approved: "green",
  declined: "red",
  refused: "orange",
  cancelled: "gray",
  expired: "gray",
};

interface RequestCardProps {
  item: InboxItem;
  /** The zone a correction's entry is read in (its own, else the organization's). */
  entryZone: string;
  jobs: ReadonlyMap<string, Pick<Job, "name" | "color">>;
  selected: boolean;
  onSelect(id: string, selected: boolean): void;
  approving: boolean;
  /** Why the last decision of it failed, in words. */
  failure: string | undefined;
  /** Approves it; time off over published shifts says what they become. */
  onApprove(item: InboxItem, shifts: TimeOffShiftAction | null): void;
  onDecline(item: InboxItem): void;
  /** Now, for "asked 2 hours ago" (the page's clock, so every card agrees). */
  now: number;
}

/**
 * One request: who asks for what (its shift, availability or times, the
 * note), its status, the impact of a yes, and Approve / Decline when it waits
 * for a manager. Approve is unavailable, with the reason, while the impact
 * names a blocker.
 */
export const RequestCard = memo(function RequestCard({
  item,
  entryZone,
  jobs,
  selected,
  onSelect,
  approving,
  failure,
  onApprove,
  onDecline,
  now,
}: RequestCardProps) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const titleId = useId();
  const blockersId = useId();
  const names = namesOf(item);
  const title = requestTitle(item, t);
  const decidable = isDecidable(item);
  const blocked = (item.impact?.blockers.length ?? 0) > 0;
  const KindIcon = kindIcons[item.kind];
  const codeText = useCodeText();
  const shifts = decidable ? overlappingShifts(item) : 0;
  const [choice, setChoice] = useState<TimeOffShiftAction | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const choiceRef = useRef<HTMLDivElement>(null);
  const jobName = (jobId: string) => jobs.get(jobId)?.name;

  return (
    <article
      className={classes.card}
      aria-labelledby={titleId}
      data-selected={selected || undefined}
      data-blocked={(decidable && blocked) || undefined}
      data-testid="request-card"
      data-request-id={item.id}
    >
      {decidable ? (
        <Checkbox
          className={classes.select}
          checked={selected}
          onChange={(event) => onSelect(item.id, event.currentTarget.checked)}
          aria-label={t("select.one", { title })}
        />
      ) : null}
      <div className={classes.content}>
        <div className={classes.top}>
          <div>
            {/* Focusable by script only: where focus goes after the card before it was decided. */}
            <h2 id={titleId} className={classes.title} tabIndex={-1}>
              {title}
            </h2>
            <div className={classes.meta}>
              <span className={classes.job}>
                <KindIcon size={16} stroke={1.75} aria-hidden="true" />
                {t(`kind.${item.kind}`)}
              </span>
              <span aria-hidden="true">·</span>
              <span>{t("meta.for", { day: `\u2068${formatDay(item.date, language)}\u2069` })}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={item.created_at} title={formatInstant(item.created_at, language)}>
                {t("meta.asked", { when: formatRelative(item.created_at, now, language) })}
              </time>
            </div>
          </div>
          <Badge color={statusColors[item.status]} variant="light" radius="sm">
            {t(`status.${item.status}`)}
          </Badge>
        </div>

        <div className={classes.columns}>
          <RequestSubject item={item} entryZone={entryZone} jobs={jobs} />
          {item.impact && decidable ? (
            <ImpactPanel
              item={item}
              impact={item.impact}
              names={names}
              entryZone={entryZone}
              blockersId={blockersId}
              jobName={jobName}
            />
          ) : (
            <DecisionNote item={item} />
          )}
        </div>

        {shifts > 0 ? (
          <div ref={choiceRef}>
            <ShiftsChoice
              value={choice}
              onChange={(next) => {
                setChoice(next);
                setChoiceError(null);
              }}
              count={shifts}
              error={choiceError}
            />
          </div>
        ) : null}

        {failure ? <ErrorAlert title={t("actions.failed")}>{failure}</ErrorAlert> : null}

        {decidable ? (
          <div className={classes.actions}>
            {blocked ? <span className={classes.blockedHint}>{t("actions.blocked")}</span> : null}
            <Button
              variant="default"
              leftSection={<IconX size={18} stroke={1.75} aria-hidden="true" />}
              onClick={() => onDecline(item)}
              disabled={approving}
              aria-describedby={titleId}
            >
              {t("actions.decline")}
            </Button>
            <Tooltip label={t("actions.blockedTooltip")} disabled={!blocked} multiline w={260} withArrow>
              <Button
                color="green"
                leftSection={<IconCheck size={18} stroke={1.75} aria-hidden="true" />}
                loading={approving}
                // Kept focusable while blocked, so the reason is heard and the tooltip shows.
                data-disabled={blocked || undefined}
                aria-disabled={blocked || undefined}
                aria-describedby={blocked ? `${titleId} ${blockersId}` : titleId}
                onClick={(event) => {
                  if (blocked) {
                    event.preventDefault();
                    return;
                  }
                  const picked = shiftsToSend(item, choice);
                  if (!picked.ok) {
                    setChoiceError(codeText("time_off_shifts_choice"));
                    choiceRef.current?.querySelector<HTMLInputElement>("input")?.focus();
                    return;
                  }
                  onApprove(item, picked.shifts);
                }}
              >
                {t("actions.approve")}
              </Button>
            </Tooltip>
          </div>
        ) : null}
      </div>
    </article>
  );
});
