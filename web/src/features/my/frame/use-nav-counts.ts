import { useQuery } from "@tanstack/react-query";
import { myKeys } from "../my-api.ts";
import { offersAwaitingMe } from "../requests/request-view.ts";
import { fetchOpenShifts } from "../requests/requests-api.ts";
import { useMyRequests } from "../requests/use-my-requests.ts";
import { unclaimedCount } from "../shifts/shift-options.ts";
import type { MyNavCounts } from "./MyNav.tsx";

const none: MyNavCounts = { shifts: 0, requests: 0 };

/**
 * The counts on /my's tabs: open shifts I may still claim, and teammates'
 * requests waiting for my answer. The same queries the sections show, so a
 * live change or an answer updates both; a failure only hides the count.
 */
export function useNavCounts(organizationId: string | null, enabled: boolean, me: string | null): MyNavCounts {
  const on = enabled && organizationId !== null;
  const requests = useMyRequests(organizationId ?? "", on);
  const openShifts = useQuery({
    queryKey: myKeys.openShifts(organizationId ?? ""),
    queryFn: ({ signal }) => fetchOpenShifts(signal),
    enabled: on,
    staleTime: 30_000,
  });
  if (!on) return none;
  return {
    shifts: openShifts.data ? unclaimedCount(openShifts.data, Date.now()) : 0,
    requests: requests.data ? offersAwaitingMe(requests.data.offers, me) : 0,
  };
}
