import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { WeekResponse } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useScrollMargin } from "../../../lib/use-scroll-margin.ts";
import type { ShiftDraft } from "../schedule-types.ts";
import { AgendaGroupHeading, AgendaOpenShifts, AgendaPersonCard } from "./AgendaItems.tsx";
import type { AgendaEntry } from "./agenda-day.ts";
import classes from "./WeekAgenda.module.css";

/** From this many entries on, only those on screen are in the page (a day of a big board lists hundreds of people). */
const VIRTUAL_FROM = 60;

interface AgendaListProps {
  entries: readonly AgendaEntry[];
  week: WeekResponse;
  date: string;
  /** The day in words, for the "Add shift" buttons' names. */
  dayText: string;
  canWrite: boolean;
  onOpen(draft: ShiftDraft): void;
}

/** The day's entries in order; virtualised against the window when there are many. */
export function AgendaList(props: AgendaListProps) {
  const render = (entry: AgendaEntry): ReactNode => {
    if (entry.kind === "heading") return <AgendaGroupHeading group={entry.group} count={entry.count} />;
    if (entry.kind === "open")
      return (
        <AgendaOpenShifts
          shifts={entry.shifts}
          week={props.week}
          date={props.date}
          dayText={props.dayText}
          canWrite={props.canWrite}
          onOpen={props.onOpen}
        />
      );
    return (
      <AgendaPersonCard
        entry={entry}
        week={props.week}
        date={props.date}
        dayText={props.dayText}
        canWrite={props.canWrite}
        onOpen={props.onOpen}
      />
    );
  };
  if (props.entries.length < VIRTUAL_FROM) {
    return (
      <ul className={classes.list} data-testid="agenda-list">
        {props.entries.map((entry) => (
          <li key={entry.key} className={classes.item} data-kind={entry.kind}>
            {render(entry)}
          </li>
        ))}
      </ul>
    );
  }
  return <VirtualAgendaList entries={props.entries} render={render} />;
}

function VirtualAgendaList({
  entries,
  render,
}: {
  entries: readonly AgendaEntry[];
  render(entry: AgendaEntry): ReactNode;
}) {
  const [listRef, scrollMargin] = useScrollMargin<HTMLUListElement>();
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (index) => (entries[index]?.kind === "heading" ? 44 : 112),
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => entries[index]?.key ?? index,
  });
  return (
    <ul
      ref={listRef}
      className={classes.virtualList}
      data-testid="agenda-list"
      style={{ blockSize: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const entry = entries[item.index];
        return entry ? (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={classes.virtualItem}
            data-kind={entry.kind}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            aria-setsize={entries.length}
            aria-posinset={item.index + 1}
          >
            {render(entry)}
          </li>
        ) : null;
      })}
    </ul>
  );
}
