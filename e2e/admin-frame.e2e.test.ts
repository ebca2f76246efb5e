import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { translator } from "./i18n.ts";
import type { SeededPerson } from "./seed.ts";
import { signInAs } from "./session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const admin = translator("en", "admin");
const errors = translator("en", "errors");
const labels = {
  overview: admin("nav.overview"),
  users: admin("nav.users"),
  jobs: admin("nav.jobs"),
  timeClock: admin("nav.timeClock"),
  jobScheduling: admin("nav.jobScheduling"),
  timeOff: admin("nav.timeOff"),
  request: admin("nav.request"),
};
type Item = keyof typeof labels;

/** The sidebar items a person sees, in order. */
async function sidebarItems(page: Page): Promise<Item[]> {
  const nav = page.getByRole("navigation", { name: admin("nav.label") });
  await nav.waitFor();
  const seen: Item[] = [];
  for (const [item, label] of Object.entries(labels) as [Item, string][]) {
    if ((await nav.getByText(label, { exact: true }).count()) > 0) seen.push(item);
  }
  return seen;
}

async function asPerson(
  who: (frame: ReturnType<typeof inject<"seed">>["frame"]) => SeededPerson,
  options: { width?: number; search?: boolean } = {},
) {
  const frame = inject("seed").frame;
  const watched = await openPage(browser, { width: options.width ?? 1440 });
  await signInAs(watched.page, who(frame), frame.organization, "en", { search: options.search ?? false });
  return { ...watched, frame };
}

describe("the sidebar follows role and permissions (spec §6)", () => {
  it("shows an owner everything, with links to the first schedule board", async () => {
    const { page, problems, close, frame } = await asPerson((f) => f.owner);
    expect(await sidebarItems(page)).toEqual([
      "overview",
      "users",
      "jobs",
      "timeClock",
      "jobScheduling",
      "timeOff",
      "request",
    ]);
    const timeClock = page
      .getByRole("navigation", { name: admin("nav.label") })
      .getByRole("link", { name: labels.timeClock });
    // The boards arrive just after the page: the link then names the first one.
    await expect.poll(() => timeClock.getAttribute("href")).toBe(`/admin/time-clock/${frame.boardId}`);
    expect(problems).toEqual([]);
    await close();
  });

  it.each([
    [
      "without permissions",
      (f: ReturnType<typeof inject<"seed">>["frame"]) => f.supervisorNone,
      ["overview", "users", "jobs", "timeOff", "request"],
    ],
    [
      "with view_timesheet",
      (f: ReturnType<typeof inject<"seed">>["frame"]) => f.supervisorTimesheet,
      ["overview", "users", "jobs", "timeClock", "timeOff", "request"],
    ],
    [
      "with view_scheduler and view_timesheet",
      (f: ReturnType<typeof inject<"seed">>["frame"]) => f.supervisorAll,
      ["overview", "users", "jobs", "timeClock", "jobScheduling", "timeOff", "request"],
    ],
  ] as const)("shows a supervisor %s what they may use", async (_name, who, expected) => {
    const { page, problems, close } = await asPerson(who);
    expect(await sidebarItems(page)).toEqual(expected);
    expect(problems).toEqual([]);
    await close();
  });

  it("shows a platform admin only scheduling and requests, and keeps it out of the rest", async () => {
    const { page, problems, close } = await asPerson((f) => f.admin, { search: true });
    await page.waitForURL("**/admin/jobs-scheduling");
    expect(await sidebarItems(page)).toEqual(["jobScheduling", "request"]);

    await page.goto("/admin/users");
    await page.waitForURL("**/404");
    await page.getByRole("link", { name: errors("notFound.backHome") }).click();
    await page.waitForURL("**/admin/jobs-scheduling");
    expect(problems.filter((p) => !p.includes("status of 40"))).toEqual([]);
    await close();
  });
});

describe("the frame", () => {
  it("shows unknown admin paths as not found, with the way home for the role", async () => {
    const { page, problems, close } = await asPerson((f) => f.supervisorLost);
    await page.goto("/admin/no-such-page");
    await page.getByRole("heading", { name: errors("notFound.oops") }).waitFor();
    expect(await page.getByRole("link", { name: errors("notFound.backHome") }).getAttribute("href")).toBe("/admin");
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
    await close();
  });

  it("mirrors in Arabic: right to left, the sidebar on the right", async () => {
    const frame = inject("seed").frame;
    const { page, problems, close } = await openPage(browser, { width: 1440 });
    await signInAs(page, frame.ownerArabic, frame.organization, "ar");
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    const ar = translator("ar", "admin");
    const nav = page.getByRole("navigation", { name: ar("nav.label") });
    const box = await nav.boundingBox();
    expect(box && box.x + box.width / 2).toBeGreaterThan(720);
    expect(problems).toEqual([]);
    await close();
  });
});
