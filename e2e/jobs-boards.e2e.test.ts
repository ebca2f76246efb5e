import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Screenshots for a person to look at (never in the repository). */
const SHOTS = process.env.E2E_SCREENSHOTS ?? "";
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: "disabled" });
}

/** A plural text as i18next picks it (Arabic has six forms: 2 is "two", not "other"). */
const plural =
  (t: (key: string, values?: Record<string, string | number>) => string, language: string) =>
  (key: string, count: number) =>
    t(`${key}_${new Intl.PluralRules(language).select(count)}`, { count });

const runs = [
  { language: "en", width: 1440, height: 900, jobs: ["Kitchen", "Front desk"], board: "Downtown" },
  { language: "ar", width: 390, height: 844, jobs: ["المطبخ", "الاستقبال"], board: "وسط البلد" },
] as const;

describe("an owner sets up jobs and a schedule board", () => {
  it.each(runs)("in $language at $width px", async ({ language, width, height, jobs, board }) => {
    const owner = inject("seed").jobsBoards[language];
    const t = {
      jobs: translator(language, "jobs"),
      boards: translator(language, "boards"),
      admin: translator(language, "admin"),
    };
    const boardsCount = plural(t.boards, language);
    const { page, problems, close } = await openPage(browser, { width, height, locale: language });
    await signInAs(page, owner, owner.organization, language);
    const phone = width < 768;

    // Jobs: the empty state invites the first one.
    await page.goto("/admin/jobs");
    await page.getByRole("heading", { name: t.jobs("list.emptyTitle") }).waitFor();
    await shot(page, `${language}-jobs-empty`);

    for (const [index, name] of jobs.entries()) {
      await page
        .getByRole("button", { name: t.jobs("actions.create") })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: t.jobs("form.createTitle") });
      await dialog.getByLabel(t.jobs("form.name")).fill(name);
      await dialog.getByLabel(t.jobs("form.address")).fill(`Hamra Street ${index + 1}`);
      await dialog.getByLabel(t.jobs("form.rate")).fill("12.5");
      if (index === 0) await shot(page, `${language}-job-form`);
      await dialog.getByRole("button", { name: t.jobs("actions.createSubmit") }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByText(t.jobs("notice.created", { name })).waitFor();
    }
    const list = page.getByRole(phone ? "list" : "table", { name: t.jobs("list.label") });
    for (const name of jobs) await list.getByText(name, { exact: true }).waitFor();
    await shot(page, `${language}-jobs-list`);

    // A board with both jobs.
    await page.goto("/admin/jobs-scheduling");
    await page.getByRole("heading", { name: t.boards("list.emptyTitle") }).waitFor();
    await page
      .getByRole("button", { name: t.boards("actions.create") })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: t.boards("form.createTitle") });
    await dialog.getByLabel(t.boards("form.name")).fill(board);
    const jobPicker = dialog.getByLabel(t.boards("form.jobs"), { exact: true });
    for (const name of jobs) {
      await jobPicker.click();
      await page.getByRole("option", { name }).click();
    }
    await dialog.getByLabel(t.boards("form.name")).click(); // closes the job list
    await shot(page, `${language}-board-form`);
    await dialog.getByRole("button", { name: t.boards("actions.createSubmit") }).click();
    await dialog.waitFor({ state: "hidden" });
    const boards = page.getByRole("list", { name: t.boards("list.label") });
    await boards.getByRole("heading", { name: board }).waitFor();
    await boards.getByText(boardsCount("list.jobCount", 2), { exact: false }).waitFor();
    for (const name of jobs) await boards.getByText(name, { exact: true }).waitFor();
    const open = boards.getByRole("link", { name: t.boards("actions.openNamed", { name: board }) });
    expect(await open.getAttribute("href")).toMatch(/^\/admin\/jobs-scheduling-dashboard\/[0-9a-f-]{36}$/);
    await shot(page, `${language}-boards-list`);

    // The sidebar's Schedules menu lists the new board.
    if (phone) {
      await page.getByRole("button", { name: t.admin("sidebar.openMenu") }).click();
      const drawerNav = page.getByRole("dialog").getByRole("navigation", { name: t.admin("nav.label") });
      await drawerNav.getByRole("link", { name: board }).waitFor();
      expect(await drawerNav.getByRole("link", { name: board }).getAttribute("href")).toBe(
        await open.getAttribute("href"),
      );
      await shot(page, `${language}-schedules-menu`);
      await page.keyboard.press("Escape");
      await drawerNav.waitFor({ state: "hidden" });
    } else {
      const nav = page.getByRole("navigation", { name: t.admin("nav.label") });
      await nav.getByRole("button", { name: t.admin("nav.jobScheduling") }).click();
      const item = page.getByRole("menuitem", { name: board });
      await item.waitFor();
      expect(await item.getAttribute("href")).toBe(await open.getAttribute("href"));
      await shot(page, `${language}-schedules-menu`);
      await page.keyboard.press("Escape");
    }

    // Archive the first job: it leaves the list, and comes back under "Show archived".
    const [archived, kept] = jobs;
    await page.goto("/admin/jobs");
    await page.getByRole("button", { name: t.jobs("actions.archiveNamed", { name: archived }) }).click();
    const confirm = page.getByRole("dialog", { name: t.jobs("confirm.archiveTitle", { name: archived }) });
    await confirm.getByRole("button", { name: t.jobs("actions.archive"), exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await page.getByText(t.jobs("notice.archived", { name: archived })).waitFor();
    const jobsList = page.getByRole(phone ? "list" : "table", { name: t.jobs("list.label") });
    await jobsList.getByText(archived, { exact: true }).waitFor({ state: "detached" });
    await jobsList.getByText(kept, { exact: true }).waitFor();
    await page.getByLabel(t.jobs("toolbar.showArchived")).check();
    await jobsList.getByText(archived, { exact: true }).waitFor();
    await jobsList.getByText(t.jobs("list.archived"), { exact: true }).waitFor();
    await shot(page, `${language}-jobs-archived`);

    // The board now shows one job.
    await page.goto("/admin/jobs-scheduling");
    await page
      .getByRole("list", { name: t.boards("list.label") })
      .getByRole("heading", { name: board })
      .waitFor();
    await page.getByText(boardsCount("list.jobCount", 1), { exact: false }).waitFor();

    if (language === "ar") expect(await page.getAttribute("html", "dir")).toBe("rtl");
    expect(problems).toEqual([]);
    await close();
  });
});
