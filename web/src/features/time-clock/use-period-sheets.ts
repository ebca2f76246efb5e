import { useQueryClient } from "@tanstack/react-query";
import type { TimesheetResponse } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { clockKeys } from "../../lib/time-clock-keys.ts";
import { holdsSomeOnly } from "./sheet-page.ts";
import { useTimesheets, useTimesheetsFirstPage } from "./time-clock-api.ts";

/**
 * A period's timesheets as the page shows them: its first page of people
 * (with everyone's totals) first, which fills the screen soon, and then the
 * whole period, which search, the filters, "approve all" and scrolling past
 * the first page need. The whole period is asked for once the first page is
 * on screen (after the render that shows it), so the two never compete, nor
 * does parsing the whole period's tens of megabytes with drawing the first
 * screen; a period whose first page holds everyone is asked for once. While the next period loads, the last one stays on screen.
 */
export function usePeriodSheets(scope: string, date: string, enabled: boolean) {
  const client = useQueryClient();
  const firstKey = clockKeys.timesheetsFirstPage(scope, date);
  const firstCached = client.getQueryData<TimesheetResponse>(firstKey);
  const firstIn = firstCached !== undefined && holdsSomeOnly(firstCached);
  const period = `${scope}|${date}`;
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!firstIn || shown === period) return;
    // Effects run once the render is committed; the timeout lets the browser paint it first.
    const timer = setTimeout(() => setShown(period), 0);
    return () => clearTimeout(timer);
  }, [firstIn, period, shown]);
  const whole = useTimesheets(scope, date, enabled && firstIn && shown === period);
  const complete = whole.data !== undefined && !whole.isPlaceholderData;
  const first = useTimesheetsFirstPage(scope, date, enabled && !complete);

  // This period's whole answer, else its first page, else the last period's (whole if it came, else its first page).
  const sheet = complete
    ? whole.data
    : first.data !== undefined && !first.isPlaceholderData
      ? first.data
      : (whole.data ?? first.data);
  const error = first.error ?? whole.error;
  return {
    sheet,
    /** Only the first page of people is in: the others are on their way. */
    partial: sheet !== undefined && sheet === first.data && holdsSomeOnly(sheet),
    /** The last period is on screen while this one loads. */
    busy: sheet !== undefined && (sheet === whole.data ? whole.isPlaceholderData : first.isPlaceholderData),
    error,
    isError: error !== null,
    refetch: () => (first.isError ? first.refetch() : whole.refetch()),
  };
}
