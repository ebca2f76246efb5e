/** The month overview's call (shape in the contracts' schedule.ts). */
import { useQuery } from "@tanstack/react-query";
import { type MonthResponse, monthResponseSchema } from "@workshift/contracts";
import { api } from "../../lib/api.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";

/** GET /api/schedule/boards/:scope/month?month=YYYY-MM — a summary per day of the month (a board id or "all"). */
export async function fetchMonth(scope: string, month: string, signal?: AbortSignal): Promise<MonthResponse> {
  const body = await api.get<unknown>(`/api/schedule/boards/${encodeURIComponent(scope)}/month`, {
    params: { month },
    signal,
  });
  return monthResponseSchema.parse(body);
}

/** The month as the overview shows it; a live change (every key starts with "schedule") reloads it. */
export function useMonth(scope: string, month: string) {
  return useQuery({
    queryKey: scheduleKeys.month(scope, month),
    queryFn: ({ signal }) => fetchMonth(scope, month, signal),
    staleTime: 30_000,
  });
}
