import { setTimeout as sleep } from "node:timers/promises";
import { openBrowser } from "./browser.mjs";
import { mainThreadBreakdown, TRACE_CATEGORIES } from "./page-trace.mjs";

/** The web app's session keys in localStorage (contracts' TOKEN_KEY / REFRESH_KEY). */
const TOKEN_KEY = "workshift_token";
const REFRESH_KEY = "workshift_refreshToken";
/** Quiet time between two loads: the server and the browser finish what the last one started. */
const SETTLE_MS = 500;

/**
 * Headless Chromium signed in as `owner`, with one tab at `viewport` that
 * every load reuses, as a returning manager reloads theirs (each new
 * headless window first builds Chromium's own omnibox popup, ~1.3 s of CPU
 * that would compete with the app on two cores).
 *
 * `load(url, shownInPage)` navigates, waits (polling each frame) until
 * `shownInPage()` returns a truthy value, which should hold `at:
 * performance.now()`, then leaves for about:blank and waits a moment; it
 * returns that value. `traced(url, shownInPage)` does the same load inside a
 * Chromium trace and adds `breakdown` (main-thread time by kind).
 */
export async function openSignedInPage(ctx, owner, viewport) {
  const { browser, context, blocked } = await openBrowser(ctx);
  await context.addInitScript(
    ({ tokenKey, refreshKey, access, refresh }) => {
      localStorage.setItem(tokenKey, access);
      localStorage.setItem(refreshKey, refresh);
      localStorage.setItem("workshift_lng", "en");
    },
    { tokenKey: TOKEN_KEY, refreshKey: REFRESH_KEY, access: owner.token, refresh: owner.refresh },
  );
  const page = await context.newPage();
  await page.setViewportSize(viewport);

  const show = async (url, shownInPage, { leave = true } = {}) => {
    await page.goto(url, { waitUntil: "commit", timeout: 30_000 });
    const shown = await page.waitForFunction(shownInPage, null, { polling: "raf", timeout: 60_000 });
    const result = await shown.jsonValue();
    if (leave) await blank();
    return result;
  };
  const blank = async () => {
    await page.goto("about:blank");
    await sleep(SETTLE_MS);
  };
  const traced = async (url, shownInPage) => {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let result;
    try {
      result = await show(url, shownInPage, { leave: false });
    } finally {
      const trace = await browser.stopTracing();
      if (result) result.breakdown = mainThreadBreakdown(trace);
    }
    return result;
  };
  return { browser, context, page, blocked, load: show, traced, blank };
}
