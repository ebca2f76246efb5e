import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { translator } from "./i18n.ts";
import { latestCode } from "./outbox.ts";
import { enterCode, signInAs } from "./session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Screenshots for a person to look at, only when asked (E2E_SCREENSHOTS=/tmp/somewhere), never in the repository. */
const screenshots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `rtl-${name}.png`) });
}

const phoneSize = { width: 390, height: 844, locale: "ar" };
const ar = {
  auth: translator("ar", "auth"),
  admin: translator("ar", "admin"),
  settings: translator("ar", "settings"),
  people: translator("ar", "people"),
  jobs: translator("ar", "jobs"),
  common: translator("ar", "common"),
};

/**
 * Where the first and the last character of an element's text are drawn: the
 * first left of the last is text read left to right, whatever the page's direction.
 */
function drawnEnds(element: Locator) {
  return element.evaluate((node) => {
    const range = document.createRange();
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    while (walker.nextNode()) texts.push(walker.currentNode as Text);
    const first = texts[0];
    const last = texts.at(-1);
    if (!first || !last) throw new Error("no text");
    range.setStart(first, 0);
    range.setEnd(first, 1);
    const firstBox = range.getBoundingClientRect();
    range.setStart(last, last.length - 1);
    range.setEnd(last, last.length);
    const lastBox = range.getBoundingClientRect();
    return {
      text: node.textContent ?? "",
      direction: getComputedStyle(node).direction,
      firstLeft: firstBox.left,
      lastLeft: lastBox.left,
    };
  });
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("numbers and identifiers inside Arabic, at 390 px", () => {
  it("shows the phone on the code screen as it is written: + and the country first", async () => {
    const owner = inject("seed").rtl.ownerCodeScreen;
    const { page, problems, close } = await openPage(browser, phoneSize);
    await page.goto("/signin?lng=ar");
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.getByLabel(ar.auth("fields.phone")).fill(owner.national);
    await page.getByRole("button", { name: ar.auth("signin.submit") }).click();
    await page.waitForURL("**/otpscreen");
    const destination = page.locator("form bdi[dir='ltr']").first();
    await destination.waitFor();
    const drawn = await drawnEnds(destination);
    expect(drawn.text.replace(/\s/g, "")).toBe(owner.phone);
    expect(drawn.direction).toBe("ltr");
    // "+" is drawn left of the last digit: "+961 71 597 801", never "96171597801+".
    expect(drawn.firstLeft).toBeLessThan(drawn.lastLeft);
    await shot(page, "code-screen");

    // The last digit sends the code.
    await enterCode(page, await latestCode(owner.phone), "ar");
    await page.waitForURL((url) => !url.pathname.endsWith("/otpscreen"));
    expect(problems).toEqual([]);
    await close();
  });

  it("keeps a zip code in the company's settings in its order, lined up at the start", async () => {
    const seed = inject("seed").rtl;
    const owner = seed.ownerSettings;
    const { page, problems, close } = await openPage(browser, phoneSize);
    await signInAs(page, owner, seed.organization, "ar");
    await page
      .getByRole("button", { name: ar.admin("userMenu.label", { name: `${owner.firstName} الياسمين` }) })
      .click();
    await page.getByRole("menuitem", { name: ar.admin("userMenu.company") }).click();
    const sheet = page.getByRole("dialog", { name: ar.settings("title") });
    const zip = sheet.getByLabel(ar.settings("company.zip"));
    await zip.waitFor();
    expect(await zip.inputValue()).toBe(seed.zipCode);
    const look = await zip.evaluate((input) => {
      const style = getComputedStyle(input);
      return { direction: style.direction, align: style.textAlign };
    });
    // "1103 2040" stays "1103 2040" (in a right-to-left field it would read "2040 1103"), under its label.
    expect(look).toEqual({ direction: "ltr", align: "right" });
    await shot(page, "company-zip");
    expect(problems).toEqual([]);
    await close();
  });

  it("draws an invited person's job on its own line, never over the invitation", async () => {
    const seed = inject("seed").rtl;
    const { page, problems, close } = await openPage(browser, phoneSize);
    await signInAs(page, seed.ownerPeople, seed.organization, "ar");
    await page.goto("/admin/users");
    const list = page.getByRole("list", { name: ar.people("list.label") });
    const cards = list.getByRole("link").filter({ hasText: "المطبخ" });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    for (const card of await cards.all()) {
      const invitation = card.getByText(ar.people("status.invited"));
      const job = card.getByTitle(seed.job, { exact: true }).last();
      const [invitationBox, jobBox, cardBox] = await Promise.all([
        invitation.boundingBox(),
        job.boundingBox(),
        card.boundingBox(),
      ]);
      if (!invitationBox || !jobBox || !cardBox) throw new Error("a card's part is not drawn");
      expect(overlap(invitationBox, jobBox)).toBe(false);
      expect(jobBox.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(jobBox.x + jobBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(await job.getAttribute("title")).toBe(seed.job);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "users-cards");
    expect(problems.filter((problem) => !/status of 40\d/.test(problem))).toEqual([]);
    await close();
  });
});

describe("live announcements after a switch of language", () => {
  it("speak the new language: what was said in Arabic is not left to be read in English", async () => {
    const seed = inject("seed").rtl;
    const { page, problems, close } = await openPage(browser, { width: 1440, height: 900, locale: "ar" });
    await signInAs(page, seed.ownerNotice, seed.organization, "ar");
    await page.goto("/admin/jobs");
    const name = "خباز الصباح";
    await page
      .getByRole("button", { name: ar.jobs("actions.create") })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: ar.jobs("form.createTitle") });
    await dialog.getByLabel(ar.jobs("form.name")).fill(name);
    await dialog.getByRole("button", { name: ar.jobs("actions.createSubmit") }).click();
    await dialog.waitFor({ state: "hidden" });
    const notice = page.getByRole("status").filter({ hasText: ar.jobs("notice.created", { name }) });
    await notice.waitFor();
    expect(await notice.getAttribute("lang")).toBe("ar");
    expect(await notice.getAttribute("dir")).toBe("rtl");

    await page.getByRole("button", { name: ar.common("language.change", { language: "العربية" }) }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "en");
    // The Arabic words are gone from every live region; what is announced next speaks English.
    await notice.waitFor({ state: "detached" });
    const liveText = await page
      .locator("[role=status], [role=alert], [aria-live]")
      .evaluateAll((regions) => regions.map((region) => region.textContent ?? "").join(" "));
    expect(liveText).not.toContain(name);

    const en = translator("en", "jobs");
    const second = "Night baker";
    await page
      .getByRole("button", { name: en("actions.create") })
      .first()
      .click();
    const english = page.getByRole("dialog", { name: en("form.createTitle") });
    await english.getByLabel(en("form.name")).fill(second);
    await english.getByRole("button", { name: en("actions.createSubmit") }).click();
    const said = page.getByRole("status").filter({ hasText: en("notice.created", { name: second }) });
    await said.waitFor();
    expect(await said.getAttribute("lang")).toBe("en");
    expect(await said.getAttribute("dir")).toBe("ltr");
    expect(problems).toEqual([]);
    await close();
  });
});
