import { describe, expect, it } from "vitest";
import {
  assignmentLines,
  conflictLines,
  coverageView,
  entryView,
  hasConcerns,
  hoursLines,
  warningLines,
} from "./impact-text.ts";
import { namesOf } from "./people-names.ts";
import { ANA, englishT, impact, item, JOB, plain, SAM, shift } from "./requests.test-support.ts";

const t = await englishT();
const language = "en-US";
const STRANGER = "0a000000-0000-4000-8000-0000000000ff";

describe("who works the shift after a yes", () => {
  it("names the open shift's new person, with the shift's day and times in its board's zone", () => {
    const open = shift();
    const claim = item({
      shift: open,
      impact: impact({ assignments: [{ shift_id: open.id, from_user_id: null, to_user_id: SAM.user_id }] }),
    });
    const [line] = assignmentLines(claim, namesOf(claim), language, t);
    expect(line && { ...line, shift: plain(line.shift ?? "") }).toEqual({
      shiftId: open.id,
      shift: "Mon, Mar 2 · 9:00 AM–5:00 PM",
      from: "Open",
      to: "Sam Lee",
    });
  });

  it("names both sides of a swap, and someone it does not know as someone", () => {
    const mine = shift({ user_id: SAM.user_id });
    const theirs = shift({ user_id: ANA.user_id, starts_at: "2026-03-03T14:00:00Z", ends_at: "2026-03-03T22:00:00Z" });
    const swap = item({
      kind: "swap",
      shift: mine,
      other_shift: theirs,
      to_user: ANA,
      impact: impact({
        assignments: [
          { shift_id: mine.id, from_user_id: SAM.user_id, to_user_id: ANA.user_id },
          { shift_id: theirs.id, from_user_id: ANA.user_id, to_user_id: STRANGER },
        ],
      }),
    });
    const lines = assignmentLines(swap, namesOf(swap), language, t);
    expect(lines.map((line) => [line.from, line.to])).toEqual([
      ["Sam Lee", "Ana Ruiz"],
      ["Ana Ruiz", "Someone"],
    ]);
    expect(plain(lines[1]?.shift ?? "")).toBe("Tue, Mar 3 · 9:00 AM–5:00 PM");
  });
});

describe("each person's hours that week", () => {
  const claim = item({
    impact: impact({
      hours: [
        {
          user_id: SAM.user_id,
          week_start: "2026-03-02",
          before_minutes: 34 * 60,
          after_minutes: 42 * 60,
          limit_minutes: 40 * 60,
        },
        {
          user_id: ANA.user_id,
          week_start: "2026-03-02",
          before_minutes: 44 * 60,
          after_minutes: 36 * 60,
          limit_minutes: 40 * 60,
        },
        { user_id: STRANGER, week_start: "2026-03-02", before_minutes: 600, after_minutes: 600, limit_minutes: 0 },
      ],
    }),
    to_user: ANA,
  });
  const lines = hoursLines(claim.impact ?? impact(), namesOf(claim), language, t);

  it("shows before → after against the limit, and the overtime the yes makes", () => {
    expect(lines[0]).toMatchObject({
      name: "Sam Lee",
      week: "Mon, Mar 2",
      before: "34 hr",
      after: "42 hr",
      change: "+8 hr",
      limit: "40 hr",
      over: true,
      newlyOver: true,
      overBy: "+2 hr",
    });
  });

  it("tells a week already over the limit from one the yes pushes over", () => {
    expect(lines[1]).toMatchObject({ name: "Ana Ruiz", change: "-8 hr", over: false, newlyOver: false, overBy: null });
  });

  it("has no limit, and no overtime, where the board sets none", () => {
    expect(lines[2]).toMatchObject({ name: "Someone", change: "", limit: null, over: false });
  });
});

describe("the rules a yes would break", () => {
  const names = namesOf(item());
  const warning = (
    kind: "short_rest" | "daily_overtime" | "weekly_overtime" | "not_on_job" | "unavailable",
    extra = {},
  ) =>
    warningLines(
      impact({
        warnings: [{ kind, shift_id: null, user_id: SAM.user_id, minutes: 0, limit_minutes: 0, ...extra }],
      }),
      names,
      language,
      t,
    )[0];

  it("says overtime in the schedule's words, with the person's name", () => {
    expect(plain(warning("weekly_overtime", { minutes: 2520, limit_minutes: 2400 })?.text ?? "")).toBe(
      "Sam Lee: 42 hr this week, over the weekly limit of 40 hr",
    );
    expect(plain(warning("daily_overtime", { minutes: 600, limit_minutes: 480, date: "2026-03-02" })?.text ?? "")).toBe(
      "Sam Lee: 10 hr on Mon, Mar 2, over the daily limit of 8 hr",
    );
    expect(warning("daily_overtime")?.tone).toBe("overtime");
  });

  it("says short rest, not on the job and unavailability (with their note)", () => {
    expect(plain(warning("short_rest", { minutes: 480, limit_minutes: 660 })?.text ?? "")).toBe(
      "Sam Lee: only 8 hr of rest next to another shift (the rule is 11 hr)",
    );
    expect(plain(warning("not_on_job")?.text ?? "")).toBe("Sam Lee isn’t on this job");
    expect(plain(warning("unavailable", { note: " School run " })?.text ?? "")).toBe(
      "Sam Lee said they are unavailable then: “School run”",
    );
    expect(warning("unavailable")?.tone).toBe("rule");
  });
});

describe("clashes with availability and time off", () => {
  const published = shift({ user_id: SAM.user_id });

  it("says an availability change meets the author's published shifts", () => {
    const change = item({
      kind: "availability",
      availability: { type: "exception", date: "2026-03-02", kind: "unavailable" },
      impact: impact({
        availability_conflicts: [
          {
            user_id: SAM.user_id,
            shift_id: published.id,
            starts_at: published.starts_at,
            ends_at: published.ends_at,
            time_zone: published.time_zone,
          },
        ],
        time_off_conflicts: [{ user_id: SAM.user_id, date: "2026-03-04" }],
      }),
    });
    expect(conflictLines(change, namesOf(change), language, t).map(plain)).toEqual([
      "Sam Lee is scheduled then and would be unavailable: Mon, Mar 2, 9:00 AM–5:00 PM",
      "Sam Lee has approved time off on Wed, Mar 4",
    ]);
  });

  it("says a shift in someone's unavailability once, where the warning already says it", () => {
    const claim = item({
      impact: impact({
        warnings: [{ kind: "unavailable", shift_id: published.id, user_id: SAM.user_id, minutes: 0, limit_minutes: 0 }],
        availability_conflicts: [
          {
            user_id: SAM.user_id,
            shift_id: published.id,
            starts_at: published.starts_at,
            ends_at: published.ends_at,
            time_zone: published.time_zone,
          },
        ],
      }),
    });
    expect(conflictLines(claim, namesOf(claim), language, t)).toEqual([]);
  });
});

describe("the coverage left that day", () => {
  it("names the job and day, and marks a yes that leaves more of it open", () => {
    const cover = item({
      kind: "cover",
      shift: shift(),
      impact: impact({
        coverage: {
          board_id: "0b000000-0000-4000-8000-000000000001",
          job_id: JOB.id,
          date: "2026-03-02",
          assigned_before: 4,
          assigned_after: 3,
          open_before: 0,
          open_after: 1,
        },
      }),
    });
    const view = coverageView(cover, language, t);
    expect(view && plain(view.title)).toBe("Barista on Mon, Mar 2");
    expect(view?.assigned).toEqual({ before: "4", after: "3", change: -1 });
    expect(view?.open).toEqual({ before: "0", after: "1", change: 1 });
    expect(view?.opensGap).toBe(true);
  });

  it("has nothing to say without coverage", () => {
    expect(coverageView(item(), language, t)).toBeNull();
  });
});

describe("a correction's entry and pay", () => {
  const after = {
    clock_in_at: "2026-03-02T14:00:00.000Z",
    clock_out_at: "2026-03-02T22:30:00.000Z",
    break_minutes: 30,
    worked_minutes: 480,
    job_id: JOB.id,
  };

  it("shows a missed entry as nothing before, and what it adds in time and pay in the organization's currency", () => {
    const view = entryView(
      impact({ entry: { before: null, after, pay_before: null, pay_after: 160, currency: "USD" } }),
      "America/New_York",
      language,
      t,
    );
    expect(view?.before).toBeNull();
    expect(view && { ...view.after, times: plain(view.after.times) }).toEqual({
      day: "Mon, Mar 2",
      times: "9:00 AM–5:30 PM",
      breaks: "30 min of breaks",
      worked: "8 hr",
    });
    expect(view?.pay).toEqual({ before: "$0.00", after: "$160.00" });
    expect(view?.payChange).toBe("+$160.00");
    expect(view?.payDirection).toBe("up");
    expect(view?.workedChange).toBe("+8 hr");
  });

  it("shows less pay for a shorter entry, and no pay where the person has no rate", () => {
    const before = { ...after, clock_out_at: "2026-03-02T23:30:00.000Z", worked_minutes: 540 };
    const shorter = entryView(
      impact({ entry: { before, after, pay_before: 180, pay_after: 160, currency: "EUR" } }),
      "America/New_York",
      "fr-FR",
      t,
    );
    expect(shorter?.payChange && plain(shorter.payChange)).toBe("-20,00 €");
    expect(shorter?.payDirection).toBe("down");
    expect(plain(shorter?.workedChange ?? "")).toBe("-1 h");

    const unpaid = entryView(
      impact({ entry: { before, after, pay_before: null, pay_after: null, currency: "USD" } }),
      "UTC",
      language,
      t,
    );
    expect(unpaid?.pay).toBeNull();
    expect(unpaid?.payChange).toBeNull();
  });
});

describe("whether a yes is quiet", () => {
  it("is quiet without blockers, warnings, clashes or overtime", () => {
    expect(hasConcerns(impact())).toBe(false);
    expect(hasConcerns(impact({ blockers: ["shift_overlap"] }))).toBe(true);
    expect(
      hasConcerns(
        impact({
          hours: [
            {
              user_id: SAM.user_id,
              week_start: "2026-03-02",
              before_minutes: 0,
              after_minutes: 2460,
              limit_minutes: 2400,
            },
          ],
        }),
      ),
    ).toBe(true);
  });
});
