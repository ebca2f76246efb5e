import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { browserForFile, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { newLebanesePhone } from "./outbox.ts";
import { signInAs } from "./session.ts";

/**
 * axe-core on every page and every dialog of the product, in English and in
 * Arabic, at 1440 px and at 390 px: no critical and no serious violation
 * (WCAG 2.0/2.1 A and AA, and axe's best practices). Each language has one
 * visitor (the public pages), one employee (/my) and one owner (the admin
 * area), signed in once each; every page is read at both widths in the same
 * page, and every dialog is opened, read, and closed with focus back on what
 * opened it. Willow Inn (e2e/seed-accessibility.ts) gives each page content.
 */

const openOnBrowser = browserForFile();

const seed = () => inject("seed").accessibility;
const widths = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

async function open(language: string): Promise<Watched> {
  const watched = await openOnBrowser({ locale: language === "ar" ? "ar" : "en-US" });
  watched.context.setDefaultTimeout(10_000);
  return watched;
}

/** What is wrong so far in one test: axe's findings and where focus fell to the page's body. */
class Findings {
  readonly lines: string[] = [];
  constructor(readonly language: string) {}

  /** axe on the page as it is, at the width it has. */
  async check(page: Page, where: string): Promise<void> {
    const width = page.viewportSize()?.width;
    this.lines.push(...(await axeViolations(page, `${this.language} ${width}px ${where}`)));
  }

  /** The page at each width: `ready` waits for its content after a resize. */
  async atEachWidth(page: Page, where: string, ready: () => Promise<unknown>): Promise<void> {
    for (const size of widths) {
      await page.setViewportSize(size);
      await ready();
      await this.check(page, where);
    }
  }

  /** Runs one step; if it cannot happen, says so among the findings and goes on with the next. */
  async step(where: string, action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.lines.push(`${this.language} ${where}: could not be checked: ${String(error).split("\n")[0]}`);
    }
  }

  /** Focus is somewhere, not on the page's body (a keyboard or screen reader user would be lost). */
  async focusKept(page: Page, where: string): Promise<void> {
    await expect
      .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body))
      .toBe(true)
      .catch(() => this.lines.push(`${this.language} ${where}: focus fell to the page's body`));
  }

  /**
   * Opens a dialog (or drawer, or menu) with `opener`, reads it, closes it
   * with Escape, and expects focus back on something (Mantine returns it).
   */
  async dialog(page: Page, where: string, opener: Locator, shown: () => Locator = () => page.getByRole("dialog")) {
    await this.step(where, async () => {
      for (const size of widths) {
        await page.setViewportSize(size);
        await opener.filter({ visible: true }).first().click();
        await shown().last().waitFor();
        await settle(page);
        await this.check(page, where);
        await page.keyboard.press("Escape");
        await shown().first().waitFor({ state: "hidden" });
        await this.focusKept(page, `after closing ${where}`);
      }
    });
  }
}

/** Waits for transitions and for the loading skeletons to give way. */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(250);
  await page
    .locator(".mantine-Skeleton-root, [aria-busy='true']")
    .first()
    .waitFor({ state: "detached", timeout: 5000 })
    .catch(() => undefined);
}

/** A name beginning with a text's part before its first placeholder (filled with NUL). */
function startsWith(text: string): RegExp {
  const head = text.split("\u0000")[0] ?? "";
  return new RegExp(`^${head.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("main, [role='main'], form").first().waitFor();
  await settle(page);
}

for (const language of ["en", "ar"] as const) {
  const t = {
    auth: translator(language, "auth"),
    admin: translator(language, "admin"),
    people: translator(language, "people"),
    jobs: translator(language, "jobs"),
    boards: translator(language, "boards"),
    my: translator(language, "my"),
    timeClock: translator(language, "timeClock"),
    timeOff: translator(language, "timeOff"),
    settings: translator(language, "settings"),
    scheduleEdit: translator(language, "scheduleEdit"),
    timeOffSetup: translator(language, "timeOffSetup"),
    requests: translator(language, "requests"),
    common: translator(language, "common"),
  };

  const languageButton = t.common("language.change", { language: t.common(`language.names.${language}`) });

  describe(`accessibility in ${language}`, () => {
    it("the sign-in, sign-up and code pages", { timeout: 120_000 }, async () => {
      const findings = new Findings(language);
      const { page, problems } = await open(language);
      await visit(page, `/signin?lng=${language}`);
      await findings.atEachWidth(page, "sign-in", () => settle(page));
      await visit(page, `/signup?lng=${language}`);
      await findings.atEachWidth(page, "sign-up", () => settle(page));
      await findings.dialog(page, "language menu", page.getByRole("button", { name: languageButton }), () =>
        page.getByRole("menu"),
      );
      // A new number signs up: the code screen.
      await page.getByLabel(t.auth("fields.firstName")).fill("Rima");
      await page.getByLabel(t.auth("fields.lastName")).fill("Test");
      await page.getByLabel(t.auth("fields.phone")).fill(newLebanesePhone().national);
      await page.getByLabel(t.auth("fields.companyName")).fill("Willow Garden");
      await page.getByRole("button", { name: t.auth("signup.submit") }).click();
      await page.waitForURL("**/otpscreen");
      await findings.atEachWidth(page, "code screen", () => settle(page));
      expect(problems).toEqual([]);
      // An unknown invitation: the page says so (the browser logs the server's 404 for it).
      await visit(page, `/account/activate/00000000-0000-0000-0000-000000000000?lng=${language}`);
      await findings.atEachWidth(page, "activation (unknown link)", () => settle(page));
      expect(findings.lines).toEqual([]);
      expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
    });

    let employee: Watched;
    it("the employee's pages (/my)", { timeout: 240_000 }, async () => {
      const findings = new Findings(language);
      employee = await open(language);
      const { page } = employee;
      await page.setViewportSize(widths[1]);
      await signInAs(page, seed()[language].employee, seed().organization, language, { landing: "my" });
      const tabs = [
        { path: "/my", name: "today" },
        { path: "/my/shifts", name: "my shifts" },
        { path: "/my/requests", name: "my requests" },
        { path: "/my/time-off", name: "my time off" },
        { path: "/my/profile", name: "my profile" },
      ];
      for (const tab of tabs) {
        await visit(page, tab.path);
        await findings.atEachWidth(page, tab.name, () => settle(page));
        if (tab.path === "/my/shifts") {
          // The open shift next week: claimed, so the owner has a request to decide.
          await findings.step("claim an open shift", async () => {
            await page.getByTestId("my-week-next").filter({ visible: true }).first().click();
            await page.getByTestId("my-open-shift-claim").first().click();
            await page.getByTestId("my-open-shift-claim").first().waitFor({ state: "detached" });
            await findings.focusKept(page, "after claiming an open shift");
          });
        }
        if (tab.path === "/my/time-off") {
          await findings.dialog(page, "ask for time off", page.getByTestId("my-ask-time-off"));
        }
        if (tab.path === "/my/requests") {
          await findings.dialog(page, "change availability", page.getByTestId("my-ask-availability"));
        }
      }
      await findings.dialog(page, "language menu", page.getByRole("button", { name: languageButton }), () =>
        page.getByRole("menu"),
      );
      expect(findings.lines).toEqual([]);
      expect(employee.problems).toEqual([]);
    });

    let owner: Watched;
    it("the owner's pages (the admin area)", { timeout: 480_000 }, async () => {
      const findings = new Findings(language);
      owner = await open(language);
      const { page } = owner;
      const who = seed()[language].owner;
      const accountButton = t.admin("userMenu.label", { name: `${who.firstName} ${who.lastName}` });
      await signInAs(page, who, seed().organization, language);
      await visit(page, "/select-organization");
      await findings.atEachWidth(page, "organization picker", () => settle(page));
      await page.getByRole("button", { name: new RegExp(seed().organization) }).click();
      await page.waitForURL("**/admin");
      const board = seed().board.id;
      const pages = [
        { path: "/admin", name: "overview" },
        { path: "/admin/users", name: "users" },
        { path: "/admin/jobs", name: "jobs" },
        { path: "/admin/jobs-scheduling", name: "boards" },
        { path: `/admin/jobs-scheduling-dashboard/${board}`, name: "schedule week" },
        { path: `/admin/jobs-scheduling-dashboard/${board}?view=day`, name: "schedule day" },
        { path: `/admin/jobs-scheduling-dashboard/${board}?view=month`, name: "schedule month" },
        { path: "/admin/time-clock/all", name: "time clock" },
        { path: "/admin/time-clock/all?view=timesheets", name: "timesheets" },
        { path: "/admin/time-off/all", name: "time off calendar" },
        { path: "/admin/time-off/all?view=week", name: "time off week" },
        { path: "/admin/time-off/all?tab=balances", name: "time off balances" },
        { path: "/admin/time-off/all?tab=settings", name: "time off settings" },
        { path: "/admin/request", name: "requests inbox" },
      ];
      const employeeName = `${seed()[language].employee.firstName} ${seed()[language].employee.lastName}`;
      const button = (name: string) => page.getByRole("button", { name, exact: true });
      for (const each of pages) {
        await visit(page, each.path);
        await findings.atEachWidth(page, each.name, () => settle(page));
        switch (each.name) {
          case "overview":
            await findings.dialog(page, "language menu", page.getByRole("button", { name: languageButton }), () =>
              page.getByRole("menu"),
            );
            await findings.dialog(page, "account menu", page.getByRole("button", { name: accountButton }), () =>
              page.getByRole("menu"),
            );
            for (const tab of ["account", "company"]) {
              await findings.step(`settings, ${tab} tab`, async () => {
                await page.getByRole("button", { name: accountButton }).click();
                await page.getByRole("menuitem", { name: t.admin("userMenu.settings") }).click();
                const sheet = page.getByRole("dialog", { name: t.settings("title") });
                await sheet.waitFor();
                await sheet.getByRole("tab", { name: t.settings(`tabs.${tab}`) }).click();
                await settle(page);
                await findings.check(page, `settings, ${tab} tab`);
                await page.keyboard.press("Escape");
                await sheet.waitFor({ state: "hidden" });
                await findings.focusKept(page, "after closing the settings");
              });
            }
            break;
          case "users":
            await findings.dialog(page, "invite", button(t.people("actions.invite")));
            await findings.dialog(page, "import", button(t.people("actions.import")));
            await findings.step("person edit", async () => {
              await page.getByText(employeeName).filter({ visible: true }).first().click();
              await page.waitForURL("**/admin/users/edit/**");
              await settle(page);
              await findings.atEachWidth(page, "person edit", () => settle(page));
            });
            break;
          case "jobs":
            await findings.dialog(page, "job form", button(t.jobs("actions.create")));
            break;
          case "boards":
            await findings.dialog(page, "board form", button(t.boards("actions.create")));
            break;
          case "schedule week":
            await findings.dialog(page, "publish", page.getByTestId("schedule-publish"));
            await findings.dialog(page, "week menu", button(t.scheduleEdit("menu.label")), () =>
              page.getByRole("menu"),
            );
            await findings.step("copy week", async () => {
              for (const size of widths) {
                await page.setViewportSize(size);
                await button(t.scheduleEdit("menu.label")).filter({ visible: true }).first().click();
                await page.getByRole("menuitem", { name: t.scheduleEdit("menu.copy") }).click();
                const dialog = page.getByRole("dialog", { name: t.scheduleEdit("copy.title") });
                await dialog.waitFor();
                await settle(page);
                await findings.check(page, "copy week");
                await page.keyboard.press("Escape");
                await dialog.waitFor({ state: "hidden" });
                await findings.focusKept(page, "after closing copy week");
              }
            });
            break;
          case "schedule day":
            await findings.dialog(page, "shift editor", page.getByTestId("day-add"));
            break;
          case "timesheets":
            await findings.step("timesheet entry", async () => {
              const sheet = page.getByTestId("person-sheet").filter({ hasText: employeeName });
              await sheet.getByRole("button", { name: t.timeClock("sheet.entries_one", { count: 1 }) }).click();
              await findings.dialog(
                page,
                "timesheet entry edit",
                sheet.getByRole("button", { name: startsWith(t.timeClock("entries.editNamed", { day: "\u0000" })) }),
              );
              // The pay period is not over: approving asks first, and is confirmed.
              await sheet.getByTestId("approve").click();
              const confirm = page.getByRole("dialog");
              await confirm.waitFor();
              await settle(page);
              await findings.check(page, "approve an ongoing period");
              await confirm.getByRole("button", { name: t.timeClock("approval.approve"), exact: true }).click();
              await expect.poll(() => sheet.getAttribute("data-approved")).toBe("true");
              await findings.focusKept(page, "after approving a timesheet");
              await findings.check(page, "approved timesheet");
            });
            break;
          case "time off balances":
            await findings.step("balances drawer", async () => {
              await page.getByText(employeeName).filter({ visible: true }).first().click();
              await page.getByRole("dialog").first().waitFor();
              await settle(page);
              await findings.check(page, "balances drawer");
              // Adjusting opens a form inside the drawer.
              await button(t.timeOffSetup("adjust.open")).click();
              await page
                .getByRole("region", { name: startsWith(t.timeOffSetup("adjust.title", { type: "\u0000" })) })
                .waitFor();
              await findings.check(page, "adjust a balance");
              await page.keyboard.press("Escape");
            });
            break;
          case "requests inbox":
            await findings.step("request decide", async () => {
              const card = page.getByTestId("request-card").first();
              await card.waitFor();
              await findings.dialog(
                page,
                "decline a request",
                card.getByRole("button", { name: t.requests("actions.decline") }),
              );
            });
            break;
        }
      }
      expect(findings.lines).toEqual([]);
      expect(owner.problems).toEqual([]);
    });
  });
}
