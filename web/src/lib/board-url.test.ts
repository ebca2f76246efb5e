import { describe, expect, it } from "vitest";
import { boardStateFromParams, isBoardDate, paramsFromBoardState, stepDate } from "./board-url.ts";

const JOB = "00000000-0000-4000-8000-00000000cc01";
const JOB2 = "00000000-0000-4000-8000-00000000cc02";

describe("the board's address", () => {
  it("defaults to this week, week view, everything shown, not grouped", () => {
    expect(boardStateFromParams(new URLSearchParams())).toEqual({
      date: null,
      view: "week",
      jobIds: [],
      search: "",
      groupByJob: false,
    });
  });

  it("reads the day, view, jobs, search and grouping", () => {
    const state = boardStateFromParams(
      new URLSearchParams(`date=2026-03-29&view=day&jobs=${JOB},${JOB2}&q=ana&group=job`),
    );
    expect(state).toEqual({ date: "2026-03-29", view: "day", jobIds: [JOB, JOB2], search: "ana", groupByJob: true });
  });

  it("ignores what it cannot read rather than failing", () => {
    const state = boardStateFromParams(new URLSearchParams(`date=2026-02-30&view=year&jobs=nope,${JOB},${JOB}`));
    expect(state.date).toBeNull();
    expect(state.view).toBe("week");
    expect(state.jobIds).toEqual([JOB]);
  });

  it("writes only what differs from the defaults, and reads back the same", () => {
    expect(
      paramsFromBoardState({ date: null, view: "week", jobIds: [], search: " ", groupByJob: false }).toString(),
    ).toBe("");
    const state = { date: "2026-10-25", view: "month" as const, jobIds: [JOB], search: "Élodie", groupByJob: true };
    expect(boardStateFromParams(paramsFromBoardState(state))).toEqual(state);
  });
});

describe("dates", () => {
  it("are real days within the board's range", () => {
    expect(isBoardDate("2028-02-29")).toBe(true);
    expect(isBoardDate("2026-02-29")).toBe(false);
    expect(isBoardDate("1999-12-31")).toBe(false);
    expect(isBoardDate("2026-3-1")).toBe(false);
  });

  it("step by a week, a day or a month as the view shows", () => {
    expect(stepDate("2026-03-29", "week", 1)).toBe("2026-04-05");
    expect(stepDate("2026-03-29", "week", -1)).toBe("2026-03-22");
    expect(stepDate("2026-03-31", "day", 1)).toBe("2026-04-01");
    expect(stepDate("2026-01-31", "month", 1)).toBe("2026-02-28");
    expect(stepDate("2026-03-15", "month", -1)).toBe("2026-02-15");
    expect(stepDate("2026-12-31", "day", 1)).toBe("2027-01-01");
  });

  it("stop at the ends of the range", () => {
    expect(stepDate("2000-01-03", "week", -1)).toBe("2000-01-01");
    expect(stepDate("2099-12-30", "week", 1)).toBe("2099-12-31");
  });
});
