import { Button } from "@mantine/core";
import { IconBan, IconBeach, IconPlus, IconThumbUp } from "@tabler/icons-react";
import type { Shift, WeekResponse } from "@workshift/contracts";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { useBoardView } from "../board-context.ts";
import type { ShiftDraft } from "../schedule-types.ts";
import { draftForRow, OPEN_ROW, personLabel } from "../week-rows.ts";
import { AgendaShift, ElsewhereShift } from "./AgendaShift.tsx";
import type { AgendaGroup, AgendaPerson } from "./agenda-day.ts";
import classes from "./WeekAgenda.module.css";

interface ItemProps {
  week: WeekResponse;
  date: string;
  dayText: string;
  canWrite: boolean;
  onOpen(draft: ShiftDraft): void;
}

/** "Working 4": a group's name and how many it holds. */
export function AgendaGroupHeading({ group, count }: { group: AgendaGroup; count: number }) {
  const { t } = useTranslation("scheduleViews");
  const view = useBoardView();
  return (
    <h3 className={classes.groupHeading} data-testid="agenda-group" data-group={group}>
      <span>{t(`agenda.groups.${group}`)}</span>
      <span className={classes.groupCount}>{view.count(count)}</span>
    </h3>
  );
}

/** The day's open shifts (or that there are none), and adding one. */
export function AgendaOpenShifts({
  shifts,
  week,
  date,
  dayText,
  canWrite,
  onOpen,
}: ItemProps & { shifts: readonly Shift[] }) {
  const { t } = useTranslation("scheduleViews");
  return (
    <div className={classes.person} data-testid="agenda-open" data-user-id={OPEN_ROW}>
      {shifts.length > 0 ? (
        <ul className={classes.shifts}>
          {shifts.map((shift) => (
            <li key={shift.id}>
              <AgendaShift shift={shift} date={date} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={classes.none}>{t("agenda.noOpen")}</p>
      )}
      {canWrite ? (
        <AddButton
          label={t("agenda.addOpenFor", { date: dayText })}
          text={t("agenda.addOpen")}
          onClick={() => {
            const draft = draftForRow(week, { kind: "open", key: OPEN_ROW }, date);
            if (draft) onOpen(draft);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * A person's day: name, leave and availability in words, their shifts
 * here, their shifts on other boards, and adding one.
 */
export const AgendaPersonCard = memo(function AgendaPersonCard({
  entry,
  week,
  date,
  dayText,
  canWrite,
  onOpen,
}: ItemProps & { entry: AgendaPerson }) {
  const { t } = useTranslation("scheduleViews");
  const view = useBoardView();
  const { person } = entry;
  const name = personLabel(person) || view.text.unnamed;
  const leave = entry.leave && entry.leave.length > 0 ? view.leaveText(entry.leave) : null;
  const said = entry.availability ? view.availabilityText(entry.availability) : null;
  return (
    <div className={classes.person} data-testid="agenda-person" data-user-id={person.user_id} data-group={entry.group}>
      <div className={classes.personHead}>
        <h4 className={classes.personName}>{name}</h4>
        {person.status !== "active" ? (
          <span className={classes.personStatus}>{view.text.personStatus[person.status]}</span>
        ) : null}
        {entry.group === "off" ? (
          <span className={classes.offBadge} data-testid="agenda-off">
            {t("agenda.off")}
          </span>
        ) : null}
      </div>
      {leave ? (
        <p className={classes.note} data-kind="leave" data-testid="agenda-leave">
          <IconBeach size={15} stroke={1.75} aria-hidden="true" />
          <span>{leave.description}</span>
        </p>
      ) : null}
      {said?.away ? (
        <p className={classes.note} data-kind="away" data-testid="agenda-unavailable">
          <IconBan size={15} stroke={1.75} aria-hidden="true" />
          <span>{said.description}</span>
        </p>
      ) : said?.prefer ? (
        <p className={classes.note} data-kind="prefer">
          <IconThumbUp size={15} stroke={1.75} aria-hidden="true" />
          <span>{said.description}</span>
        </p>
      ) : null}
      {entry.shifts.length > 0 ? (
        <ul className={classes.shifts}>
          {entry.shifts.map((shift) => (
            <li key={shift.id}>
              <AgendaShift shift={shift} date={date} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : null}
      {entry.elsewhere.length > 0 ? (
        <ul className={classes.shifts}>
          {entry.elsewhere.map((shift) => (
            <li key={shift.id}>
              <ElsewhereShift shift={shift} />
            </li>
          ))}
        </ul>
      ) : null}
      {canWrite ? (
        <AddButton
          label={t("agenda.addFor", { name, date: dayText })}
          text={t("agenda.add")}
          onClick={() => {
            const draft = draftForRow(week, entry.row, date);
            if (draft) onOpen(draft);
          }}
        />
      ) : null}
    </div>
  );
});

function AddButton({ label, text, onClick }: { label: string; text: string; onClick(): void }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      className={classes.add}
      leftSection={<IconPlus size={14} stroke={2} aria-hidden="true" />}
      aria-label={label}
      data-testid="agenda-add"
      onClick={onClick}
    >
      {text}
    </Button>
  );
}
