// biome-ignore-all lint/a11y/useSemanticElements: an ARIA grid of divs: its rows are virtualised (absolutely placed) and laid out with CSS grid, which table elements do not allow
// biome-ignore-all lint/a11y/useFocusableInteractive: a roving-tabindex grid: only the focused cell and its shifts take focus, rows and headers never do
import { defaultRangeExtractor, type Range, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { type DayColumn, useBoardView } from "./board-context.ts";
import classes from "./WeekGrid.module.css";
import { type RowTotals, SectionRow, WeekRow } from "./WeekRow.tsx";
import type { BoardRow, WeekIndex } from "./week-rows.ts";

export interface DayTotals {
  minutes: number;
  headcount: number;
  cost: number | null;
  open: number;
}

/**
 * Each row's height, worked out from what its cells hold, in whole pixels
 * at least as tall as the stylesheet draws them (line heights in
 * WeekGrid.module.css) when a card's time fits on one line. A row is drawn
 * at least that tall (min-block-size), so its measured size is the same
 * number and measuring it changes nothing: scrolling renders the grid once
 * a frame, not again for the rows' sizes. Only a row drawn taller (a time
 * wrapping in a narrow column, a long note) moves the rows under it.
 */
const CELL_MIN = 60;
const CELL_FRAME = 9; // padding 4 + 4, bottom border 1
const CELL_GAP = 4;
const CARD = 43; // borders 2, padding 8, the time's and the job's lines of 15.6 with a 1px gap
const CARD_LINE = 16; // the board's name or the state's badge, with its gap
const CARD_MARK = 18; // what waits on the shift, a bordered line
const ELSEWHERE = 38;
const ADD_HINT = 40;
const LEAVE_LINE = 15;
const AWAY_LINE = 17;
const PREFER_LINE = 15;
const AVAILABILITY_GAP = 2;
/** The first column: name, job chips (wrapped under a long name) and the week's hours. */
const PERSON_MIN = 84;
const SECTION_HEIGHT = 36;
const OVERSCAN = 4;

interface WeekGridProps {
  rows: BoardRow[];
  index: WeekIndex;
  totals: ReadonlyMap<string, RowTotals>;
  dayTotals: ReadonlyMap<string, DayTotals>;
  /** The focused cell (roving tab stop). */
  active: { rowKey: string; day: number };
  selection: ReadonlySet<string>;
  cutId: string | null;
  /** A card is being dragged: the cells take drops. */
  dropping: boolean;
  /** Every row in the page (printing), not only those on screen. */
  printing: boolean;
  /** Rows are mounted ahead of a scroll (the overscan); false while the first screen is drawn. */
  ahead: boolean;
  /** Rows kept rendered although off screen: the focused cell's, the dragged card's. */
  pinnedRows: readonly number[];
  label: string;
  describedBy: string;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  onKeyUp(event: KeyboardEvent<HTMLDivElement>): void;
  onClick(event: MouseEvent<HTMLDivElement>): void;
  onFocus(event: FocusEvent<HTMLDivElement>): void;
  onVirtualizer(virtualizer: Virtualizer<HTMLDivElement, Element>, scroller: HTMLDivElement | null): void;
}

/**
 * The week as an ARIA grid: a sticky header row with the days and their
 * totals, a sticky first column with the people, one row per person (open
 * shifts first). Only the rows on screen are in the page (500 people render
 * like 20); printing puts them all in.
 */
export function WeekGrid({
  rows,
  index,
  totals,
  dayTotals,
  active,
  selection,
  cutId,
  dropping,
  printing,
  ahead,
  pinnedRows,
  label,
  describedBy,
  onKeyDown,
  onKeyUp,
  onClick,
  onFocus,
  onVirtualizer,
}: WeekGridProps) {
  const view = useBoardView();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [headHeight, setHeadHeight] = useState(64);
  const [top, setTop] = useState(0);

  // The header's height (the rows start under it) and where the grid starts in the page (it fills the window below).
  useLayoutEffect(() => {
    const head = headRef.current;
    const scroller = scrollerRef.current;
    if (!head || !scroller) return;
    const measure = () => {
      setHeadHeight(head.offsetHeight);
      setTop(Math.max(0, scroller.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(head);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // Every row's height at once, per week, filter and language: the virtualizer asks for them again and again.
  const heights = useMemo(() => {
    const heightOf = (row: BoardRow) => {
      if (row.kind === "section") return SECTION_HEIGHT;
      const cells = index.cells.get(row.key);
      const person = row.kind === "person" ? row.person.user_id : null;
      const elsewhere = person ? index.elsewhere.get(person) : undefined;
      const availability = person ? view.availability.get(person) : undefined;
      const leave = person ? view.leave.get(person) : undefined;
      let tallest = Math.max(CELL_MIN, person ? PERSON_MIN : 0);
      for (const day of view.days) {
        const parts: number[] = [];
        if (leave?.has(day.date)) parts.push(LEAVE_LINE);
        const said = availability?.get(day.date);
        if (said && (said.away.length > 0 || said.prefer.length > 0)) {
          const away = said.away.length > 0 ? AWAY_LINE : 0;
          const prefer = said.prefer.length > 0 ? PREFER_LINE : 0;
          parts.push(away + prefer + (away && prefer ? AVAILABILITY_GAP : 0));
        }
        const shifts = cells?.get(day.date);
        for (const shift of shifts ?? []) {
          let card = CARD;
          if (view.manyBoards) card += CARD_LINE;
          if (shift.status !== "published") card += CARD_LINE;
          if (view.marks.has(shift.id)) card += CARD_MARK;
          parts.push(card);
        }
        for (const _ of elsewhere?.get(day.date) ?? []) parts.push(ELSEWHERE);
        if (view.canManage && !shifts?.length) parts.push(ADD_HINT);
        const height =
          CELL_FRAME + parts.reduce((sum, part) => sum + part, 0) + CELL_GAP * Math.max(0, parts.length - 1);
        if (height > tallest) tallest = height;
      }
      return tallest;
    };
    return rows.map(heightOf);
  }, [rows, index, view.days, view.availability, view.leave, view.manyBoards, view.marks, view.canManage]);
  const estimate = useCallback((i: number) => heights[i] ?? CELL_MIN, [heights]);
  // Stable between renders: a new key function makes the virtualizer lay out every row again.
  const itemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const out = new Set(defaultRangeExtractor(range));
      for (const i of pinnedRows) if (i >= 0 && i < range.count) out.add(i);
      return [...out].sort((a, b) => a - b);
    },
    [pinnedRows],
  );

  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: estimate,
    // Four rows (~340 px) cover a fast wheel's 240 px a frame; the first screen mounts only the rows it shows.
    overscan: ahead ? OVERSCAN : 0,
    // A scroll's new rows render in React's own task rather than inside the scroll event: the frame
    // is painted first from the rows already mounted (the overscan covers a fast wheel), and
    // mounting the rows that enter does not hold up that frame.
    useFlushSync: false,
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
    getItemKey: itemKey,
    // The first render already has rows (the scroller's real size arrives a frame later from a ResizeObserver).
    initialRect: {
      width: typeof window === "undefined" ? 1280 : window.innerWidth,
      height: typeof window === "undefined" ? 800 : window.innerHeight,
    },
    rangeExtractor,
  });
  // Rows change size with their shifts; after printing, every row was measured at the paper's size.
  // measure() forgets every size, and the rows on screen would stay at their estimate (their ref is not called
  // again, and a ResizeObserver only reports a size that changes): rows overlapped or left gaps after each change.
  // So the rows in the page are measured again at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows and their sizes change together
  useLayoutEffect(() => {
    virtualizer.measure();
    const body = bodyRef.current;
    if (printing || !body) return;
    virtualizer.getVirtualItems(); // lays the rows out again from the estimates, which the measurements then replace
    for (const row of body.querySelectorAll<HTMLElement>(":scope > [data-index]")) virtualizer.measureElement(row);
  }, [rows, index, printing]);
  useLayoutEffect(() => onVirtualizer(virtualizer, scrollerRef.current), [virtualizer, onVirtualizer]);

  const items = printing ? rows.map((row, i) => ({ index: i, key: row.key, start: 0 })) : virtualizer.getVirtualItems();

  return (
    <div
      ref={scrollerRef}
      role="grid"
      aria-label={label}
      aria-describedby={describedBy}
      aria-rowcount={rows.length + 1}
      aria-colcount={view.days.length + 1}
      aria-multiselectable={view.canManage || undefined}
      data-testid="schedule-grid"
      data-printing={printing || undefined}
      data-manage={view.canManage || undefined}
      className={classes.scroller}
      style={{ "--grid-top": `${top}px`, "--head-height": `${headHeight}px` } as React.CSSProperties}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onClick={onClick}
      onFocus={onFocus}
    >
      <div role="rowgroup" ref={headRef} className={classes.head}>
        <div role="row" aria-rowindex={1} className={classes.row}>
          <div role="columnheader" className={classes.corner}>
            <HeadCorner />
          </div>
          {view.days.map((day) => (
            <DayHeading key={day.date} day={day} totals={dayTotals.get(day.date)} />
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        ref={bodyRef}
        className={classes.body}
        style={printing ? undefined : { blockSize: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              data-index={item.index}
              ref={printing ? undefined : virtualizer.measureElement}
              data-testid={row.kind === "section" ? "schedule-section" : "schedule-row"}
              data-user-id={row.kind === "person" ? row.person.user_id : row.kind === "open" ? "open" : undefined}
              data-job-id={row.kind === "person" && row.jobId !== undefined ? (row.jobId ?? "none") : undefined}
              data-kind={row.kind}
              className={classes.row}
              style={
                printing
                  ? undefined
                  : { transform: `translateY(${item.start - headHeight}px)`, minBlockSize: heights[item.index] }
              }
            >
              {row.kind === "section" ? (
                <SectionRow job={row.job} people={row.people} />
              ) : (
                <WeekRow
                  row={row}
                  rowIndex={item.index}
                  cells={index.cells.get(row.key)}
                  elsewhere={row.kind === "person" ? index.elsewhere.get(row.person.user_id) : undefined}
                  totals={totals.get(row.kind === "person" ? row.person.user_id : "open")}
                  activeDay={active.rowKey === row.key ? active.day : null}
                  selection={selection}
                  cutId={cutId}
                  dropping={dropping}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Memoised: the grid renders on every scroll frame, and a translation hook is not free. */
const HeadCorner = memo(function HeadCorner() {
  const { t } = useTranslation("schedule");
  return <span className={classes.cornerText}>{t("grid.people")}</span>;
});

const DayHeading = memo(function DayHeading({ day, totals }: { day: DayColumn; totals: DayTotals | undefined }) {
  const view = useBoardView();
  const { t } = useTranslation("schedule");
  const summary = totals
    ? [
        view.hours(totals.minutes),
        t("grid.headcount", { count: totals.headcount }),
        totals.cost !== null && totals.cost > 0 ? view.money(totals.cost) : null,
      ].filter(Boolean)
    : [];
  return (
    <div
      role="columnheader"
      className={classes.dayHead}
      data-today={day.today || undefined}
      aria-label={[day.full, day.today ? t("grid.today") : null, ...summary].filter(Boolean).join(", ")}
    >
      <span className={classes.dayName}>
        <span className={classes.weekday}>{day.weekday}</span>
        <span className={classes.date}>{day.label}</span>
      </span>
      <span className={classes.dayTotals} aria-hidden="true">
        {summary.map((part) => (
          <span key={part}>{part}</span>
        ))}
      </span>
    </div>
  );
});
