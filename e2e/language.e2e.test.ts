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

/** What the server holds as the signed-in person's language, asked with the page's own session. */
const accountLanguage = (page: Page) =>
  page.evaluate(async () => {
    const token = localStorage.getItem("workshift_token");
    const response = await fetch("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: { language: string; language_chosen: boolean } };
    return `${body.data.language}${body.data.language_chosen ? "" : " (a guess)"}`;
  });

const shownLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe("the signed-in person's language", () => {
  it("is saved to their account when they switch it, and the app follows it on another device", async () => {
    const frame = inject("seed").frame;
    const person = frame.ownerLanguage;
    const { page, problems, close } = await openPage(browser);
    await signInAs(page, person, frame.organization);
    // The account held only a guess: the language on screen becomes the person's.
    await expect.poll(() => accountLanguage(page)).toBe("en");

    // The header's language menu.
    await page
      .getByRole("button", { name: translator("en", "common")("language.change", { language: "English" }) })
      .click();
    await page.getByRole("menuitemradio", { name: "Français" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    await expect.poll(() => accountLanguage(page)).toBe("fr");

    // Settings → Account.
    const admin = translator("fr", "admin");
    const settings = translator("fr", "settings");
    await page.getByRole("button", { name: admin("userMenu.label", { name: `${person.firstName} Test` }) }).click();
    await page.getByRole("menuitem", { name: admin("userMenu.settings") }).click();
    const sheet = page.getByRole("dialog", { name: settings("title") });
    await sheet.getByRole("combobox", { name: settings("account.language") }).click();
    await page.getByRole("option", { name: "Español" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "es");
    await expect.poll(() => accountLanguage(page)).toBe("es");

    // Another device, whose browser reads Arabic, with the same session: the app speaks Spanish.
    const session = await page.evaluate(() => ({
      access: localStorage.getItem("workshift_token") ?? "",
      refresh: localStorage.getItem("workshift_refreshToken") ?? "",
    }));
    const other = await openPage(browser, { locale: "ar" });
    await other.page.addInitScript((tokens) => {
      if (localStorage.getItem("workshift_token") !== null) return;
      localStorage.setItem("workshift_token", tokens.access);
      localStorage.setItem("workshift_refreshToken", tokens.refresh);
    }, session);
    await other.page.goto("/admin");
    await other.page
      .getByRole("heading", { level: 1, name: translator("es", "admin")("pages.overview.title") })
      .waitFor();
    expect(await shownLanguage(other.page)).toBe("es");
    expect(await accountLanguage(other.page)).toBe("es");

    expect(problems).toEqual([]);
    expect(other.problems).toEqual([]);
    await other.close();
    await close();
  });
});
