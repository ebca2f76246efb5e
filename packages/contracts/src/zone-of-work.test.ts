import { describe, expect, it } from "vitest";
import { instantAt } from "./schedule-time.ts";
import { entryDate } from "./timesheet.ts";
import { workDateOf, zoneOfWork } from "./zone-of-work.ts";

const PARIS = "Europe/Paris";
const BEIRUT = "Asia/Beirut";
const TOKYO = "Asia/Tokyo";

/** Sunday 2026-01-11, 00:30 in Beirut: still Saturday 23:30 in Paris. */
const SUNDAY_NIGHT = instantAt("2026-01-11", "00:30", BEIRUT);

describe("zoneOfWork: which zone decides a shift's and an entry's day", () => {
  it("a shift, and an entry clocked in to it, are on the board's day, whatever the job and organization say", () => {
    expect(zoneOfWork({ board: BEIRUT, job: null, organization: PARIS })).toBe(BEIRUT);
    expect(zoneOfWork({ board: BEIRUT, job: TOKYO, organization: PARIS })).toBe(BEIRUT);
    expect(workDateOf(SUNDAY_NIGHT, { board: BEIRUT, job: null, organization: PARIS })).toBe("2026-01-11");
  });

  it("an entry on no shift is on its job's day when the job has a zone", () => {
    expect(zoneOfWork({ board: null, job: TOKYO, organization: PARIS })).toBe(TOKYO);
  });

  it("an entry on no shift and no job with a zone is on the organization's day", () => {
    expect(zoneOfWork({ board: null, job: null, organization: PARIS })).toBe(PARIS);
    expect(zoneOfWork({ board: undefined, job: undefined, organization: PARIS })).toBe(PARIS);
    expect(workDateOf(SUNDAY_NIGHT, { board: null, job: null, organization: PARIS })).toBe("2026-01-10");
  });

  it("the timesheet's day of an entry (its rounded clock-in) is cut in the same zone as its shift's day", () => {
    const zones = { board: BEIRUT, job: null, organization: PARIS };
    const clockIn = instantAt("2026-01-11", "00:25", BEIRUT);
    expect(entryDate(clockIn, 15, zoneOfWork(zones))).toBe(workDateOf(SUNDAY_NIGHT, zones));
    // Rounded to the nearest quarter, 23:53 on Saturday is Sunday 00:00: the next day, as the timesheet says.
    expect(entryDate(instantAt("2026-01-10", "23:53", BEIRUT), 15, zoneOfWork(zones))).toBe("2026-01-11");
  });
});
