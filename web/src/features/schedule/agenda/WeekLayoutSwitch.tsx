import { SegmentedControl, Skeleton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconLayoutGrid, IconList } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { WeekResponse } from "@workshift/contracts";
import { lazy, type ReactNode, Suspense, useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { BoardFilter } from "../../../lib/board-url.ts";
import { scheduleKeys } from "../../../lib/schedule-keys.ts";
import type { ShiftDraft } from "../schedule-types.ts";
import { useWeekLayout, type WeekLayout } from "./use-week-layout.ts";
import classes from "./WeekAgenda.module.css";

// Only phones show it: a wide screen never loads its code.
const WeekAgenda = lazy(() => import("./WeekAgenda.tsx").then((m) => ({ default: m.WeekAgenda })));

/** Mantine's `sm` breakpoint: below it the week opens as an agenda. */
const PHONE_QUERY = "(max-width: 47.99em)";

interface WeekLayoutSwitchProps {
  /** The week grid, as a wide screen shows it. */
  grid: ReactNode;
  /** A board's id or "all", as in the address. */
  scope: string;
  week: WeekResponse;
  /** The day the page is on (the address's, or today in the board's zone). */
  date: string;
  filter: BoardFilter;
  busy: boolean;
  printing: boolean;
  onOpen(draft: ShiftDraft): void;
  onPickDay(date: string): void;
}

/**
 * The week view's layout: on a phone, a day's agenda (the default) or the
 * grid, with a switch between them that this browser remembers; on a wider
 * screen, and when printing, always the grid.
 */
export function WeekLayoutSwitch({
  grid,
  scope,
  week,
  date,
  filter,
  busy,
  printing,
  onOpen,
  onPickDay,
}: WeekLayoutSwitchProps) {
  const { t } = useTranslation("schedule");
  const queryClient = useQueryClient();
  // Another day of the same week is the same answer: it is there at once, without asking the server again.
  const pickDay = useCallback(
    (picked: string) => {
      const key = scheduleKeys.week(scope, picked);
      if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, week);
      onPickDay(picked);
    },
    [queryClient, scope, week, onPickDay],
  );
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [layout, setLayout] = useWeekLayout();
  const switchable = phone && !printing;
  const agenda = switchable && layout === "agenda";
  return (
    <>
      {switchable ? (
        <SegmentedControl
          className={classes.layoutSwitch}
          aria-label={t("layout.label")}
          data-testid="schedule-layout"
          value={layout}
          onChange={(value) => setLayout(value as WeekLayout)}
          data={(["agenda", "grid"] as const).map((value) => ({
            value,
            label: (
              <span className={classes.layoutOption}>
                {value === "agenda" ? (
                  <IconList size={16} stroke={1.75} aria-hidden="true" />
                ) : (
                  <IconLayoutGrid size={16} stroke={1.75} aria-hidden="true" />
                )}
                {t(`layout.${value}`)}
              </span>
            ),
          }))}
        />
      ) : null}
      {agenda ? (
        <Suspense fallback={<AgendaLoading />}>
          <WeekAgenda week={week} date={date} filter={filter} busy={busy} onOpen={onOpen} onPickDay={pickDay} />
        </Suspense>
      ) : (
        grid
      )}
    </>
  );
}

function AgendaLoading() {
  const { t } = useTranslation("schedule");
  return (
    <div role="status" aria-label={t("loading")} className={classes.loading} data-testid="agenda-loading">
      <Skeleton height={56} radius="md" />
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={index} height={72} radius="md" />
      ))}
    </div>
  );
}
