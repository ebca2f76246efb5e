import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, type Watched } from "./browser.ts";
import { signInAs } from "./session.ts";

/**
 * /my installs as an app on a phone: its service worker keeps the shell for
 * offline use. Every script a /my page runs is in that shell, and the admin
 * area's own pages (the scheduling board among them) are not: a phone
 * downloads what /my can run.
 */
let browser: Browser;
let watched: Watched;
beforeAll(async () => {
  browser = await launchBrowser();
  watched = await openPage(browser, { width: 390, height: 844 });
});
afterAll(async () => {
  await watched?.close();
  await browser?.close();
});

const seed = () => inject("seed").frame;
const myPages = ["/my", "/my/shifts", "/my/requests", "/my/time-off", "/my/profile"];

/** The app's scripts (under /assets/) the page has loaded so far, as paths. */
const scriptsLoaded = () =>
  performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith("/assets/") && path.endsWith(".js"));

describe("/my's offline shell", () => {
  it("holds every script /my's pages run, and none of the admin pages'", async () => {
    const { page } = watched;
    await signInAs(page, seed().employeeShell, seed().organization, "en", { landing: "my" });
    const loaded = new Set<string>();
    for (const path of myPages) {
      await page.goto(path);
      await page.getByRole("main").waitFor();
      for (const script of await page.evaluate(scriptsLoaded)) loaded.add(script);
    }

    // The worker has installed once its precache is complete.
    await page.evaluate(() => navigator.serviceWorker.ready);
    const precached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    const shell = new Set(precached);

    expect(loaded.size).toBeGreaterThan(5);
    expect([...loaded].filter((script) => !shell.has(script))).toEqual([]);
    const adminPages = precached.filter((path) =>
      /\/assets\/(SchedulePage|TimeClockPage|UsersPage|AdminLayout)-/.test(path),
    );
    expect(adminPages).toEqual([]);
  });
});
