import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserForFile } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * /my installs as an app on a phone: its service worker keeps the shell for
 * offline use. The scripts /my's pages and its language menu run are in that
 * shell; the admin area's own pages (its frame, the scheduling board, the
 * team) are not: a phone downloads what /my can run.
 */
const open = browserForFile();

const seed = () => inject("seed").frame;
const common = translator("en", "common");
const myPages = ["/my", "/my/shifts", "/my/requests", "/my/time-off", "/my/profile"];

/** The app's scripts (under /assets/) the page has loaded so far, as paths. */
async function scriptsLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/assets/") && path.endsWith(".js")),
  );
}

/** Every path the page's caches hold (the service worker's precache among them). */
async function cachedPaths(page: Page): Promise<Set<string>> {
  const paths = await page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) found.push(new URL(request.url).pathname);
    }
    return found;
  });
  return new Set(paths);
}

describe("/my's offline shell", () => {
  it("holds every script /my runs, and not the admin area's pages", async () => {
    const employee = await open({ width: 390, height: 844 });
    const my = employee.page;
    await signInAs(my, seed().employeeShell, seed().organization, "en", { landing: "my" });
    const mine = new Set<string>();
    for (const path of myPages) {
      await my.goto(path);
      await my.getByRole("main").waitFor();
      for (const script of await scriptsLoaded(my)) mine.add(script);
    }
    await my.getByRole("button", { name: common("language.change", { language: "English" }) }).click();
    await my.getByRole("menuitemradio", { name: "Español" }).waitFor();
    for (const script of await scriptsLoaded(my)) mine.add(script);

    // The worker is active once its install, which fills the precache, has finished.
    await my.evaluate(() => navigator.serviceWorker.ready);
    const shell = await cachedPaths(my);
    expect(mine.size).toBeGreaterThan(5);
    expect([...mine].filter((script) => !shell.has(script))).toEqual([]);
    expect(employee.problems).toEqual([]);

    const owner = await open();
    await signInAs(owner.page, seed().ownerShell, seed().organization);
    const admins = new Set<string>();
    for (const path of [`/admin/jobs-scheduling-dashboard/${seed().boardId}`, "/admin/users"]) {
      await owner.page.goto(path);
      await owner.page.getByRole("main").waitFor();
      for (const script of await scriptsLoaded(owner.page)) admins.add(script);
    }
    // The admin pages' own scripts, as the owner's browser loaded them (so they exist under these names).
    const adminPages = [...admins].filter((script) => /\/assets\/(SchedulePage|UsersPage|AdminLayout)-/.test(script));
    expect(adminPages).toHaveLength(3);
    expect(adminPages.filter((script) => shell.has(script) || mine.has(script))).toEqual([]);
    expect(owner.problems).toEqual([]);
  });
});
