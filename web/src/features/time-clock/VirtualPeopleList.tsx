import { useMediaQuery } from "@mantine/hooks";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { TimesheetPerson } from "@workshift/contracts";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useScrollMargin } from "../../lib/use-scroll-margin.ts";
import classes from "./TimeClock.module.css";

const PHONE_QUERY = "(max-width: 47.99em)";

/**
 * A long list of people, virtualised against the window: only what is on
 * screen (plus a few) is in the page; cards measure themselves (an open one
 * is taller).
 */
export function VirtualPeopleList({
  people,
  render,
  focusId,
}: {
  people: TimesheetPerson[];
  render(person: TimesheetPerson): ReactNode;
  focusId: string | null;
}) {
  const { t } = useTranslation("timeClock");
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [listRef, scrollMargin] = useScrollMargin<HTMLUListElement>();

  const virtualizer = useWindowVirtualizer({
    count: people.length,
    estimateSize: () => (phone ? 420 : 300),
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => people[index]?.user_id ?? index,
  });

  // A person opened from the live view is brought into view once the list knows where it is.
  const focusIndex = focusId ? people.findIndex((person) => person.user_id === focusId) : -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per person asked for
  useEffect(() => {
    if (focusIndex >= 0) virtualizer.scrollToIndex(focusIndex, { align: "start" });
  }, [focusIndex]);

  return (
    <ul
      ref={listRef}
      className={classes.virtualList}
      aria-label={t("sheets.listLabel")}
      style={{ blockSize: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const person = people[item.index];
        return person ? (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={classes.virtualItem}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            aria-setsize={people.length}
            aria-posinset={item.index + 1}
          >
            {render(person)}
          </li>
        ) : null;
      })}
    </ul>
  );
}
