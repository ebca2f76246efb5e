import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays } from "../packages/contracts/src/index.ts";
import { launchBrowser, openPage } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * The scheduling board on a phone: the week opens as a day's agenda (open
 * shifts, who works and when, who is off), a day is picked from the week,
 * a shift opens the shift editor, "Add shift" starts one, the grid is one
 * tap away and stays chosen, and the toolbar (next week, publish) still
 * works at 390 px; in Arabic, right to left.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const seed = () => inject("seed").agenda;
const phone = { width: 390, height: 844 };
const days = () => {
  const monday = seed().weekStart;
  return { monday, tuesday: addDays(monday, 1), wednesday: addDays(monday, 2) };
};

/** Screenshots for a person to look at, only when asked (E2E_SCREENSHOTS=/tmp/somewhere), never in the repository. */
const screenshots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `agenda-${name}.png`), animations: "disabled", fullPage: true });
}

/** The page itself never scrolls sideways on the phone. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The agenda as a person reads it. */
function agenda(page: Page) {
  const root = page.getByTestId("schedule-agenda");
  const person = (userName: string) =>
    root.getByTestId("agenda-person").filter({ has: page.getByRole("heading", { name: userName, level: 4 }) });
  const pickDay = async (date: string) => {
    await root.locator(`[data-testid="agenda-day"][data-date="${date}"]`).click();
    await page.locator(`[data-testid="schedule-agenda"][data-date="${date}"]`).waitFor();
  };
  const groupOf = (userName: string) => person(userName).getAttribute("data-group");
  return { root, person, pickDay, groupOf };
}

const fullName = (who: { firstName: string; lastName: string }) => `${who.firstName} ${who.lastName}`;

describe("the board on a phone", () => {
  it("opens as the day's agenda; a day, a shift, a new shift, the grid and publishing work at 390 px", async () => {
    const en = {
      schedule: translator("en", "schedule"),
      views: translator("en", "scheduleViews"),
      edit: translator("en", "scheduleEdit"),
    };
    const { owner, organization, board, sami, lina, karim } = seed();
    const { monday, tuesday, wednesday } = days();
    const { page, problems, close } = await openPage(browser, phone);
    try {
      await signInAs(page, owner, organization, "en");
      await page.goto(`/admin/jobs-scheduling-dashboard/${board.id}?date=${monday}`);
      await page.getByRole("heading", { name: board.name, level: 1 }).waitFor();
      const list = agenda(page);
      await list.root.waitFor();
      expect(await page.getByTestId("schedule-grid").count()).toBe(0);
      expect(await page.getAttribute("html", "dir")).toBe("ltr");
      expect(await fitsWidth(page)).toBe(true);

      // Monday: the open shift first, then who works by start (Sami at 9, Lina at noon), each shift in words.
      await list.root.locator(`[data-testid="agenda-day"][data-date="${monday}"]`).waitFor();
      const groups = await list.root
        .getByTestId("agenda-group")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-group")));
      expect(groups).toEqual(["open", "working", "free"]);
      const open = list.root.getByTestId("agenda-open").getByTestId("agenda-shift");
      expect(await open.count()).toBe(1);
      expect(await open.textContent()).toContain("Grill");
      const working = list.root.locator('[data-testid="agenda-person"][data-group="working"] h4');
      expect(await working.allTextContents()).toEqual([fullName(sami), fullName(lina)]);
      const samiShift = list.person(fullName(sami)).getByTestId("agenda-shift");
      expect(await samiShift.getAttribute("data-status")).toBe("published");
      expect(await samiShift.textContent()).toContain(en.schedule("status.published"));
      const linaShift = list.person(fullName(lina)).getByTestId("agenda-shift");
      expect(await linaShift.textContent()).toContain("Floor");
      expect(await linaShift.textContent()).toContain(en.schedule("status.draft"));
      expect(await list.groupOf(fullName(karim))).toBe("free");
      await shot(page, "en-monday");

      // Tuesday holds nothing; the address follows the day picked.
      await list.pickDay(tuesday);
      await page.waitForURL((url) => url.searchParams.get("date") === tuesday);
      expect(await list.root.getByTestId("agenda-empty").textContent()).toContain(
        en.views("agenda.empty", { day: "Tuesday" }),
      );
      expect(await list.root.getByTestId("agenda-shift").count()).toBe(0);

      // Wednesday: Sami works; Karim is off on his approved vacation.
      await list.pickDay(wednesday);
      expect(await list.groupOf(fullName(sami))).toBe("working");
      expect(await list.groupOf(fullName(karim))).toBe("off");
      expect(await list.person(fullName(karim)).getByTestId("agenda-leave").textContent()).toContain("Vacation");
      expect(await list.root.getByTestId("agenda-shift").count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, "en-wednesday");

      // Tapping the shift opens the shift editor on it.
      await list.person(fullName(sami)).getByTestId("agenda-shift").click();
      const editor = page.getByRole("dialog", { name: en.edit("editor.editTitle") });
      await editor.waitFor();
      await page.keyboard.press("Escape");
      await editor.waitFor({ state: "hidden" });

      // "Add shift" starts a new one for that person on that day; the keyboard does the same.
      const add = list.person(fullName(lina)).getByRole("button", {
        name: en.views("agenda.addFor", { name: fullName(lina), date: "" }).trim(),
      });
      await add.focus();
      await page.keyboard.press("Enter");
      const creating = page.getByRole("dialog", { name: en.edit("editor.createTitle") });
      await creating.waitFor();
      await page.keyboard.press("Escape");
      await creating.waitFor({ state: "hidden" });

      // The grid is one tap away, and this browser remembers it.
      const layout = page.getByTestId("schedule-layout");
      await layout.getByText(en.schedule("layout.grid"), { exact: true }).click();
      await page.getByTestId("schedule-grid").waitFor();
      expect(await list.root.count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await page.reload();
      await page.getByTestId("schedule-grid").waitFor();
      expect(await list.root.count()).toBe(0);
      await page.getByTestId("schedule-layout").getByText(en.schedule("layout.agenda"), { exact: true }).click();
      await list.root.waitFor();

      // The toolbar still works: publishing the week from the phone publishes what the agenda shows as drafts.
      await list.pickDay(monday);
      await page.getByTestId("schedule-publish").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: en.edit("publish.confirm"), exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
      await expect
        .poll(() => list.person(fullName(lina)).getByTestId("agenda-shift").getAttribute("data-status"))
        .toBe("published");
      // And the next week is a tap away.
      await page.getByRole("button", { name: en.schedule("toolbar.next.week") }).click();
      await page.locator(`[data-testid="schedule-agenda"][data-date="${addDays(monday, 7)}"]`).waitFor();
      expect(await list.root.getByTestId("agenda-empty").count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("in Arabic, right to left, on a phone", async () => {
    const ar = { views: translator("ar", "scheduleViews"), edit: translator("ar", "scheduleEdit") };
    const { ownerArabic, organization, board, sami, karim } = seed();
    const { wednesday } = days();
    const { page, problems, close } = await openPage(browser, { ...phone, locale: "ar" });
    try {
      await signInAs(page, ownerArabic, organization, "ar");
      await page.goto(`/admin/jobs-scheduling-dashboard/${board.id}?date=${seed().weekStart}`);
      await page.getByRole("heading", { name: board.name, level: 1 }).waitFor();
      const list = agenda(page);
      await list.root.waitFor();
      expect(await page.getAttribute("html", "dir")).toBe("rtl");
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, "ar-monday");

      // The week's first day is at the right, the next to its left.
      const first = await list.root
        .locator(`[data-testid="agenda-day"][data-date="${seed().weekStart}"]`)
        .boundingBox();
      const second = await list.root
        .locator(`[data-testid="agenda-day"][data-date="${addDays(seed().weekStart, 1)}"]`)
        .boundingBox();
      expect(first && second && second.x < first.x).toBe(true);

      await list.pickDay(wednesday);
      expect(await list.groupOf(fullName(karim))).toBe("off");
      expect(await list.root.getByTestId("agenda-group").first().textContent()).toContain(
        ar.views("agenda.groups.open"),
      );
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, "ar-wednesday");

      await list.person(fullName(sami)).getByTestId("agenda-shift").click();
      await page.getByRole("dialog", { name: ar.edit("editor.editTitle") }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
