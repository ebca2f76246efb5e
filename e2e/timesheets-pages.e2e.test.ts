import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * The timesheets of a team larger than one page, as Pia, who runs Pine
 * Clinic, sees them: the first people's sheets with everyone's totals come
 * first; searching and approving everyone wait (and say so) until the whole
 * period is in, which the page asks for once, after its first screen.
 */

let browser: Browser;
let watched: Watched | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await watched?.close();
  await browser?.close();
});

const seed = () => inject("seed").timesheets;
const tc = translator("en", "timeClock");

const isTimesheets = (url: URL) => url.pathname.endsWith(`/api/time-clock/boards/${seed().board.id}/timesheets`);

describe("a big team's timesheets", () => {
  it("show the first page with everyone's totals, then everyone, asked for once", async () => {
    watched = await openPage(browser, { width: 1440, height: 900 });
    const { page } = watched;
    await signInAs(page, seed().owner, seed().organization);

    const asked: Array<string | null> = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (isTimesheets(url)) asked.push(url.searchParams.get("limit"));
    });
    // The whole period is held back until the first page has been looked at.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => isTimesheets(url) && !url.searchParams.has("limit"),
      async (route: Route) => {
        await released;
        await route.continue();
      },
    );

    await page.goto(`/admin/time-clock/${seed().board.id}?view=timesheets`);
    const loadingRest = page.getByTestId("sheets-loading-rest");
    await loadingRest.waitFor();
    expect(await loadingRest.textContent()).toContain(tc("sheets.loadingRest"));
    // Everyone's counts already, though only the first people's sheets are here.
    const totals = page.getByTestId("sheet-totals");
    await expect
      .poll(() => totals.textContent())
      .toContain(tc("sheets.approvedOf", { approved: "0", total: String(seed().team) }));
    const first = `Alex ${seed().lastNames[0]}`;
    await page.getByRole("heading", { name: first }).waitFor();
    expect(await page.getByRole("searchbox", { name: tc("sheets.search") }).isDisabled()).toBe(true);
    expect(await page.getByTestId("approve-all").count()).toBe(0);

    release();
    await loadingRest.waitFor({ state: "detached" });
    const search = page.getByRole("searchbox", { name: tc("sheets.search") });
    await expect.poll(() => search.isEnabled()).toBe(true);
    // Everyone is ready (an hour each this morning, nothing open): approving all counts the whole team.
    const team = String(seed().team);
    await expect
      .poll(() => page.getByTestId("approve-all").textContent())
      .toBe(tc("approveAll.button_other", { formatted: team }));

    // The last person is found by name: their sheet was never in the first page.
    const last = `Alex ${seed().lastNames.at(-1)}`;
    await search.fill(seed().lastNames.at(-1) ?? "");
    await page.getByRole("heading", { name: last }).waitFor();
    await expect.poll(() => page.getByTestId("person-sheet").count()).toBe(1);

    expect(asked).toEqual(["40", null]);
    expect(watched.problems).toEqual([]);
  });
});
