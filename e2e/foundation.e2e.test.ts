import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the app as a visitor first meets it", () => {
  it("sends / to /signin, renders the sign-in page in English, with no console error or CSP violation", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/");
    await page.waitForURL("**/signin");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.getAttribute("html", "dir")).toBe("ltr");
    expect(problems).toEqual([]);
    await close();
  });

  it("shows the not-found page for an unknown path, with a way back to sign-in", async () => {
    const { page, problems, close } = await openPage(browser);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    const heading = page.getByRole("heading", { level: 1 });
    await heading.waitFor();
    expect(await heading.textContent()).toContain("Oops");
    expect(await page.locator("img").first().isVisible()).toBe(true);
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL("**/signin");
    // The browser reports the document's own 404 in the console; nothing else may appear.
    expect(problems.filter((problem) => !problem.includes("status of 404"))).toEqual([]);
    await close();
  });

  it("turns the whole document right to left in Arabic, and remembers the choice", async () => {
    const { page, problems, context, close } = await openPage(browser);
    await page.goto("/signin?lng=ar");
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    await page.getByRole("heading", { level: 1, name: "تسجيل الدخول" }).waitFor();

    // A later visit without the query string keeps Arabic (local storage and cookie).
    await page.goto("/signin");
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    expect(await page.evaluate(() => localStorage.getItem("workshift_lng"))).toBe("ar");
    expect((await context.cookies()).find((cookie) => cookie.name === "workshift_lng")?.value).toBe("ar");
    expect(problems).toEqual([]);
    await close();
  });

  it("switches language from the language menu", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/signin");
    await page
      .getByRole("button", { name: /language/i })
      .first()
      .click();
    await page.getByRole("menuitemradio", { name: "Français" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    await page.getByRole("heading", { level: 1, name: "Se connecter" }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it("fits a phone's width without sideways scrolling", async () => {
    for (const lng of ["en", "ar"]) {
      const { page, problems, close } = await openPage(browser, { width: 390, height: 844 });
      await page.goto(`/signin?lng=${lng}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
      await close();
    }
  });

  it("serves the API documentation page", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${baseUrl()}/api/docs`);
    await page.getByText("/api/health").first().waitFor();
    await close();
  });
});
