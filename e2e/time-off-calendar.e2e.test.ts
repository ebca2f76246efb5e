import fs from "node:fs";
import path from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { InboxItem, TimeOffCalendarResponse } from "../packages/contracts/src/index.ts";
import { launchBrowser, openPage, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * The team calendar of time off as a manager uses it, its answers played by
 * the test (the page's own behaviour: views, states, deciding, focus): Rana
 * looks at December at 1440 px, sees who is off, the bar over its limit and
 * the blocked season, opens Ana's pending leave, is asked what becomes of the
 * shift it overlaps, opens it, and the calendar shows the leave approved. Her
 * Arabic-speaking partner reads the same month on a phone.
 */

let browser: Browser;
const opened: Watched[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const watched of opened) await watched.close();
  await browser?.close();
});

const screenshots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({
    path: path.join(screenshots, `time-off-${name}.png`),
    animations: "disabled",
    fullPage: true,
  });
}

const seed = () => inject("seed").requests;
const to = translator("en", "timeOff");
const rq = translator("en", "requests");

const VACATION = "7a000000-0000-4000-8000-000000000001";
const SICK = "7a000000-0000-4000-8000-000000000002";
const BAR = "7b000000-0000-4000-8000-000000000001";
const KITCHEN = "7b000000-0000-4000-8000-000000000002";
const person = (n: number, first: string, last: string, job: string) => ({
  user_id: `7c000000-0000-4000-8000-00000000000${n}`,
  first_name: first,
  last_name: last,
  color: null,
  job_ids: [job],
});
const people = [
  person(1, "Sam", "Lee", BAR),
  person(2, "Ana", "Ruiz", BAR),
  person(3, "Zoe", "Adams", KITCHEN),
  person(4, "Omar", "Haddad", BAR),
  person(5, "Lina", "Khoury", KITCHEN),
  person(6, "Hadi", "Nasr", KITCHEN),
  person(7, "Maya", "Saad", BAR),
];
const request = (n: number) => `7d000000-0000-4000-8000-00000000000${n}`;
const ANA_REQUEST = request(2);

/** December 2026 as the calendar answers it; Ana's leave approved once Rana said yes. */
function december(from: string, toDay: string, anaApproved: boolean): TimeOffCalendarResponse {
  const day = (
    n: number,
    user: number,
    status: "pending" | "approved",
    date: string,
    type = VACATION,
    part: { start: string; end: string } | null = null,
  ) => ({
    request_id: request(n),
    user_id: people[user - 1]?.user_id ?? "",
    leave_type_id: type,
    status,
    day: date,
    minutes: part ? 240 : 480,
    part,
  });
  const days = [
    day(1, 1, "approved", "2026-12-14"),
    day(1, 1, "approved", "2026-12-15"),
    day(1, 1, "approved", "2026-12-16"),
    day(2, 2, anaApproved ? "approved" : "pending", "2026-12-15"),
    day(2, 2, anaApproved ? "approved" : "pending", "2026-12-16"),
    day(3, 3, "approved", "2026-12-15", SICK, { start: "13:00", end: "17:00" }),
    day(4, 4, "approved", "2026-12-16"),
    day(5, 5, "approved", "2026-12-16"),
    day(6, 6, "approved", "2026-12-16"),
    day(7, 7, "pending", "2026-12-16"),
  ].filter((d) => d.day >= from && d.day <= toDay);
  return {
    from,
    to: toDay,
    people,
    leave_types: [
      { id: VACATION, name: "Vacation", color: "#2f9e44", paid: true, archived: false },
      { id: SICK, name: "Sick", color: "#e8590c", paid: true, archived: false },
    ],
    jobs: [
      { id: BAR, name: "Bartender", color: "#1c7ed6", people: 5, limit: 1 },
      { id: KITCHEN, name: "Cook", color: "#f08c00", people: 4, limit: null },
    ],
    days,
    counts: [
      { day: "2026-12-14", job_id: BAR, approved: 1, pending: 0, over_limit: false },
      {
        day: "2026-12-15",
        job_id: BAR,
        approved: anaApproved ? 2 : 1,
        pending: anaApproved ? 0 : 1,
        over_limit: anaApproved,
      },
      { day: "2026-12-15", job_id: KITCHEN, approved: 1, pending: 0, over_limit: false },
      { day: "2026-12-16", job_id: BAR, approved: anaApproved ? 3 : 2, pending: anaApproved ? 1 : 2, over_limit: true },
      { day: "2026-12-16", job_id: KITCHEN, approved: 2, pending: 0, over_limit: false },
    ].filter((c) => c.day >= from && c.day <= toDay),
    holidays: [{ day: "2026-12-25", name: "Christmas Day" }].filter((h) => h.day >= from && h.day <= toDay),
    blocks: [
      {
        id: "7e000000-0000-4000-8000-000000000001",
        starts_on: "2026-12-21",
        ends_on: "2026-12-31",
        reason: "Holiday season",
        board_id: null,
      },
    ],
    time_zone: "Asia/Beirut",
    week_start: 1,
  };
}

function anaRequest(status: "pending" | "approved"): InboxItem {
  const ana = people[1] ?? people[0];
  return {
    id: ANA_REQUEST,
    kind: "time_off",
    status,
    author: { user_id: ana?.user_id ?? "", first_name: "Ana", last_name: "Ruiz" },
    shift: null,
    other_shift: null,
    to_user: null,
    taker: null,
    availability: null,
    correction: null,
    time_off: {
      leave_type: { id: VACATION, name: "Vacation", color: "#2f9e44", paid: true, archived: false },
      from: "2026-12-15",
      to: "2026-12-16",
      part: null,
      minutes: 960,
      days: [
        { day: "2026-12-15", minutes: 480, basis: "day", holiday: null },
        { day: "2026-12-16", minutes: 480, basis: "shifts", holiday: null },
      ],
      time_zone: "Asia/Beirut",
      cancels_request_id: null,
      shifts_action: status === "approved" ? "open" : null,
    },
    note: "My sister’s wedding.",
    board_id: null,
    date: "2026-12-15",
    decision: null,
    refusal_reason: null,
    closed_code: null,
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    version: 1,
    impact:
      status === "pending"
        ? {
            blockers: [],
            assignments: [],
            hours: [],
            warnings: [],
            availability_conflicts: [],
            time_off_conflicts: [],
            coverage: null,
            entry: null,
            time_off: {
              balance_before_minutes: 1440,
              balance_after_minutes: 480,
              negative_allowance_minutes: 0,
              day_minutes: 480,
              shifts: [
                {
                  id: "7f000000-0000-4000-8000-000000000001",
                  board: { id: "7f000000-0000-4000-8000-0000000000b0", name: "Main room" },
                  job: { id: BAR, name: "Bartender", color: "#1c7ed6" },
                  starts_at: "2026-12-16T14:00:00.000Z",
                  ends_at: "2026-12-16T22:00:00.000Z",
                  time_zone: "Asia/Beirut",
                },
              ],
              others_off: [
                {
                  day: "2026-12-15",
                  job_id: BAR,
                  people: [
                    { user_id: people[0]?.user_id ?? "", first_name: "Sam", last_name: "Lee", status: "approved" },
                  ],
                  total: 1,
                  limit: 1,
                },
                {
                  day: "2026-12-16",
                  job_id: BAR,
                  people: [
                    { user_id: people[0]?.user_id ?? "", first_name: "Sam", last_name: "Lee", status: "approved" },
                    { user_id: people[3]?.user_id ?? "", first_name: "Omar", last_name: "Haddad", status: "approved" },
                    { user_id: people[6]?.user_id ?? "", first_name: "Maya", last_name: "Saad", status: "pending" },
                  ],
                  total: 3,
                  limit: 1,
                },
              ],
              blocked: [],
            },
          }
        : null,
  } as InboxItem;
}

/** Plays the calendar and the request; records what approving sent. */
async function playApi(page: Page): Promise<{ approvals: unknown[] }> {
  const state = { approved: false, approvals: [] as unknown[] };
  await page.route("**/api/time-off/calendar/**", async (route: Route) => {
    const url = new URL(route.request().url());
    const from = url.searchParams.get("from") ?? "";
    const toDay = url.searchParams.get("to") ?? "";
    await route.fulfill({ json: december(from, toDay, state.approved) });
  });
  await page.route(`**/api/requests/${ANA_REQUEST}`, (route) =>
    route.fulfill({ json: { request: anaRequest(state.approved ? "approved" : "pending") } }),
  );
  await page.route(`**/api/requests/${ANA_REQUEST}/approve`, async (route) => {
    state.approvals.push(route.request().postDataJSON());
    state.approved = true;
    await route.fulfill({ json: { request: anaRequest("approved") } });
  });
  return state;
}

describe("the team calendar of time off", () => {
  // Rana signs in once; her page serves the tests that follow at 1440 px.
  let rana: Watched;

  it("shows who is off in December, the bar over its limit, and the blocked season", async () => {
    rana = await openPage(browser, { width: 1440, height: 1000 });
    opened.push(rana);
    const watched = rana;
    const { page } = watched;
    const api = await playApi(page);
    await signInAs(page, seed().owner, seed().organization, "en");
    await page.goto("/admin/time-off/all?date=2026-12-14");
    await page.getByTestId("time-off-month").waitFor();
    await expect.poll(() => page.getByRole("heading", { name: "December 2026" }).count()).toBe(1);

    const day16 = page.locator("[data-testid='time-off-day'][data-date='2026-12-16']");
    // Six off that day: two shown, and "+4 more".
    await expect.poll(() => day16.getByTestId("time-off-item").count()).toBe(2);
    expect(await day16.getByTestId("time-off-more").textContent()).toBe(to("calendar.more", { count: 4 }));
    expect(await day16.locator("[data-over]").count()).toBe(1);
    expect(
      await page
        .locator("[data-testid='time-off-day'][data-date='2026-12-24'] [data-testid='time-off-blocked']")
        .count(),
    ).toBe(1);
    expect(
      await page
        .locator("[data-testid='time-off-day'][data-date='2026-12-25'] [data-testid='time-off-holiday']")
        .count(),
    ).toBe(1);
    await shot(page, "month-en-1440");

    await page.locator("label", { hasText: to("calendar.week") }).click();
    await page.getByTestId("time-off-week").waitFor();
    await shot(page, "week-en-1440");

    // Ana's pending leave: the drawer says what a yes does and asks about her shift.
    const ana = page.locator(`[data-testid='time-off-item'][data-request-id='${ANA_REQUEST}'][data-day='2026-12-15']`);
    expect(await ana.getAttribute("data-status")).toBe("pending");
    await ana.click();
    const drawer = page.getByTestId("time-off-decision");
    await drawer.waitFor();
    expect(await drawer.getByTestId("time-off-shifts").textContent()).toContain("Main room");
    await shot(page, "decide-en-1440");
    await drawer.getByRole("button", { name: to("decide.approve") }).click();
    // No choice yet: asked, nothing sent.
    await drawer.getByText(translator("en", "errors")("codes.time_off_shifts_choice")).waitFor();
    expect(api.approvals).toEqual([]);
    await drawer.getByRole("radio", { name: rq("timeOff.shifts.open") }).check();
    await drawer.getByRole("button", { name: to("decide.approve") }).click();
    await drawer.waitFor({ state: "detached" });
    expect(api.approvals).toEqual([{ version: 1, shifts: "open" }]);
    // The calendar shows it approved, and focus is back on it.
    await expect.poll(() => ana.getAttribute("data-status")).toBe("approved");
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.requestId ?? null))
      .toBe(ANA_REQUEST);
    expect(watched.problems).toEqual([]);
  });

  it("reads the same month in Arabic on a phone, as a list of days", async () => {
    const watched = await openPage(browser, { width: 390, height: 844, locale: "ar" });
    opened.push(watched);
    const { page } = watched;
    await playApi(page);
    await signInAs(page, seed().ownerArabic, seed().organization, "ar");
    await page.goto("/admin/time-off/all?date=2026-12-14");
    await page.getByTestId("time-off-day-list").waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(
      await page.locator("[data-testid='time-off-day'][data-date='2026-12-16'] [data-testid='time-off-item']").count(),
    ).toBe(6);
    await shot(page, "month-ar-390");
    await page.locator(`[data-testid='time-off-item'][data-request-id='${ANA_REQUEST}']`).first().click();
    await page.getByTestId("time-off-decision").waitFor();
    await shot(page, "decide-ar-390");
    expect(watched.problems).toEqual([]);
  });

  it("says when the calendar can't be read, and reads it again on retry", async () => {
    const { page } = rana;
    await page.unrouteAll();
    let fail = true;
    await page.route("**/api/time-off/calendar/**", async (route: Route) => {
      if (fail) return route.fulfill({ status: 500, json: { error: "Internal", code: "internal" } });
      const url = new URL(route.request().url());
      return route.fulfill({
        json: december(url.searchParams.get("from") ?? "", url.searchParams.get("to") ?? "", false),
      });
    });
    await page.goto("/admin/time-off/all?date=2026-10-14");
    await page.getByText(to("calendar.errorTitle")).waitFor({ timeout: 30_000 });
    fail = false;
    await page.getByRole("button", { name: to("calendar.retry") }).click();
    await page.getByTestId("time-off-empty").waitFor();
    expect(await page.getByTestId("time-off-empty").textContent()).toBe(to("calendar.emptyMonth"));
  });

  it("shows time off in the requests inbox and asks there too what becomes of the shifts", async () => {
    const { page } = rana;
    await page.unrouteAll();
    const approvals: unknown[] = [];
    let approved = false;
    await page.route(/\/api\/requests(\?.*)?$/, (route) =>
      route.fulfill({
        json: {
          requests: approved ? [] : [anaRequest("pending")],
          next_cursor: null,
          kinds: ["time_off", "time_off_cancel"],
        },
      }),
    );
    await page.route(`**/api/requests/${ANA_REQUEST}/approve`, async (route) => {
      approvals.push(route.request().postDataJSON());
      approved = true;
      await route.fulfill({ json: { request: anaRequest("approved") } });
    });
    await page.goto("/admin/request");
    const card = page.locator(`[data-testid='request-card'][data-request-id='${ANA_REQUEST}']`);
    await card.waitFor();
    expect(await card.getByTestId("time-off-leave").textContent()).toContain("Vacation");
    expect(await card.getByTestId("time-off-balance").textContent()).toContain("8 hr");
    await shot(page, "inbox-en-1440");
    await card.getByRole("button", { name: rq("actions.approve") }).click();
    expect(approvals).toEqual([]);
    await card.getByRole("radio", { name: rq("timeOff.shifts.keep") }).check();
    await card.getByRole("button", { name: rq("actions.approve") }).click();
    await expect.poll(() => approvals).toEqual([{ version: 1, shifts: "keep" }]);
  });
});
