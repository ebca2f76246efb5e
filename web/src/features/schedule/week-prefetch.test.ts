import { encodeWeek, TOKEN_KEY } from "@workshift/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startEarlyWeek } from "../../lib/early-week.ts";
import { queryClient } from "../../lib/query-client.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { shift, week } from "./board-fixtures.test-support.ts";
import { prefetchWeek } from "./week-prefetch.ts";

const token = "header.e30.signature";
const at = { pathname: "/admin/jobs-scheduling-dashboard/b-1", search: "?date=2027-06-07" };

function signedIn(value: string | null) {
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => (key === TOKEN_KEY ? value : null),
    setItem: () => {},
    removeItem: () => {},
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("the board's week asked for before the page renders", () => {
  it("uses the request the page's first module already sent, instead of asking twice", async () => {
    signedIn(token);
    const answer = week({ shifts: [shift()] });
    const fetch = vi.fn(async () => Response.json(encodeWeek(answer)));
    vi.stubGlobal("fetch", fetch);
    startEarlyWeek(at, token);
    prefetchWeek(at);
    await vi.waitFor(() => expect(queryClient.getQueryData(scheduleKeys.week("b-1", "2027-06-07"))).toEqual(answer));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("asks nothing for a visitor who is not signed in", () => {
    signedIn(null);
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    prefetchWeek(at);
    expect(fetch).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(scheduleKeys.week("b-1", "2027-06-07"))).toBeUndefined();
  });
});
