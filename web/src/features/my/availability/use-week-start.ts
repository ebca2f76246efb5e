import { useQuery } from "@tanstack/react-query";
import { todayIn } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { useMy } from "../frame/my-context.ts";
import { fetchMyShifts, myKeys } from "../my-api.ts";
import { localeWeekStart } from "../my-format.ts";
import { fetchMyAvailability } from "./availability-api.ts";

/** The organization's week start changes rarely: read again at most every few minutes. */
const WEEK_START_STALE_MS = 5 * 60_000;

/**
 * The day a week starts on (0 = Sunday) for a week of availability, the
 * organization's, as /my/shifts cuts its weeks: the `week_start` of this
 * week's my-shifts answer (the same query as /my/shifts's, so one read serves
 * both), for the day that is today in the organization's zone (from the
 * availability answer). The language's week start stands in until known.
 */
export function useOrganizationWeekStart(): number {
  const { organizationId } = useMy();
  const { i18n } = useTranslation();
  const availability = useQuery({
    queryKey: myKeys.availability(organizationId),
    queryFn: ({ signal }) => fetchMyAvailability(signal),
    staleTime: 60_000,
  });
  const zone = availability.data?.time_zone;
  const today = zone ? todayIn(zone) : null;
  const shifts = useQuery({
    queryKey: myKeys.shifts(organizationId, today ?? ""),
    queryFn: ({ signal }) => fetchMyShifts(today ?? "", signal),
    staleTime: WEEK_START_STALE_MS,
    enabled: today !== null,
  });
  return shifts.data?.week_start ?? localeWeekStart(i18n.language);
}
