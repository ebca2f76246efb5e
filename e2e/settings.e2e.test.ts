import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { translator } from "./i18n.ts";
import { latestCode, newLebanesePhone } from "./outbox.ts";
import { enterCode, signInAs } from "./session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const admin = translator("en", "admin");
const common = translator("en", "common");
const settings = translator("en", "settings");
const validation = translator("en", "validation");

async function openSettings(page: Page, fullName: string, item: "settings" | "company" = "settings") {
  await page.getByRole("button", { name: admin("userMenu.label", { name: fullName }) }).click();
  await page.getByRole("menuitem", { name: admin(`userMenu.${item}`) }).click();
  const sheet = page.getByRole("dialog", { name: settings("title") });
  await sheet.waitFor();
  return sheet;
}

const save = (page: Page) => page.getByRole("button", { name: settings("save") }).click();

describe("the settings sheet", () => {
  it("checks every account field, asks before discarding, and saves", async () => {
    const frame = inject("seed").frame;
    const person = frame.ownerSettings;
    const { page, problems, close } = await openPage(browser);
    await signInAs(page, person, frame.organization);

    let sheet = await openSettings(page, `${person.firstName} Test`);
    await sheet.getByLabel(settings("account.firstName")).fill("");
    await sheet.getByLabel(settings("account.lastName")).fill(" ");
    await sheet.getByLabel(settings("account.email")).fill("not-an-email");
    await save(page);
    for (const key of ["account.firstNameRequired", "account.lastNameRequired", "account.invalidEmailFormat"]) {
      await sheet.getByText(validation(key)).waitFor();
    }
    await sheet.getByLabel(settings("account.phone")).fill("");
    await save(page);
    await sheet.getByText(validation("account.phoneNumberRequired")).waitFor();
    await sheet.getByLabel(settings("account.phone")).fill("12");
    await save(page);
    await sheet
      .getByText(new RegExp(`${validation("phone.tooShort")}|${validation("account.phoneNumberInvalid")}`))
      .first()
      .waitFor();

    // Closing with unsaved changes asks first.
    await page.getByRole("button", { name: settings("close") }).click();
    const discard = page.getByRole("dialog", { name: common("discard.title") });
    await discard.getByRole("button", { name: common("discard.stay") }).click();
    expect(await sheet.isVisible()).toBe(true);
    await page.getByRole("button", { name: settings("close") }).click();
    await discard.getByRole("button", { name: common("discard.discard") }).click();
    await sheet.waitFor({ state: "hidden" });

    sheet = await openSettings(page, `${person.firstName} Test`);
    await sheet.getByLabel(settings("account.firstName")).fill("Mayssa");
    await sheet.getByLabel(settings("account.email")).fill("Mayssa@Example.COM");
    await save(page);
    await sheet.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: admin("userMenu.label", { name: "Mayssa Test" }) }).waitFor();
    sheet = await openSettings(page, "Mayssa Test");
    expect(await sheet.getByLabel(settings("account.email")).inputValue()).toBe("mayssa@example.com");

    // A new phone is verified with a code sent to it before the change is saved.
    const phone = newLebanesePhone();
    await sheet.getByLabel(settings("account.phone")).fill(phone.national);
    await save(page);
    const auth = translator("en", "auth");
    await page.getByRole("dialog", { name: auth("otpScreen.title") }).waitFor();
    await enterCode(page, await latestCode(phone.international));
    await sheet.waitFor({ state: "hidden" });
    const me = await page.evaluate(async () => {
      const response = await fetch("/api/auth/me", {
        headers: { authorization: `Bearer ${localStorage.getItem("workshift_token")}` },
      });
      return (await response.json()) as { data: { phone: string } };
    });
    expect(me.data.phone).toBe(phone.international.slice(1));
    expect(problems.filter((p) => !/status of 40\d/.test(p))).toEqual([]);
    await close();
  });

  it("lets the owner fill in the company, with the required choices checked", async () => {
    const frame = inject("seed").frame;
    const person = frame.ownerCompany;
    const { page, problems, close } = await openPage(browser);
    await signInAs(page, person, frame.organization);
    const sheet = await openSettings(page, `${person.firstName} Test`, "company");
    expect(await sheet.getByRole("tab", { name: settings("tabs.company") }).getAttribute("aria-selected")).toBe("true");
    await save(page);
    await sheet.getByText(validation("company.employeesError")).waitFor();
    await sheet.getByText(validation("company.industryError")).waitFor();

    await sheet.getByRole("combobox", { name: settings("company.employees") }).click();
    await page.getByRole("option", { name: "11–30" }).click();
    await sheet.getByRole("combobox", { name: settings("company.industry") }).click();
    await page.getByRole("option", { name: settings("industries.fitness") }).click();
    await sheet.getByRole("combobox", { name: settings("company.country") }).fill("Leban");
    await page.getByRole("option", { name: /Lebanon/ }).click();
    await sheet.getByLabel(settings("company.zip")).fill("1103");
    // The organization's settings start as UTC, Monday and US dollars.
    const zone = sheet.getByRole("combobox", { name: settings("company.timeZone") });
    const weekStart = sheet.getByRole("combobox", { name: settings("company.weekStart") });
    const currency = sheet.getByRole("combobox", { name: settings("company.currency") });
    expect(await zone.inputValue()).toMatch(/^UTC/);
    expect(await weekStart.inputValue()).toBe("Monday");
    expect(await currency.inputValue()).toBe("US Dollar (USD)");
    await zone.fill("Beirut");
    await page.getByRole("option", { name: /Asia\/Beirut/ }).click();
    await weekStart.click();
    await page.getByRole("option", { name: "Sunday" }).click();
    await currency.fill("leban");
    await page.getByRole("option", { name: "Lebanese Pound (LBP)" }).click();
    await save(page);
    await sheet.waitFor({ state: "hidden" });

    const again = await openSettings(page, `${person.firstName} Test`, "company");
    expect(await again.getByRole("combobox", { name: settings("company.industry") }).inputValue()).toBe(
      settings("industries.fitness"),
    );
    expect(await again.getByLabel(settings("company.zip")).inputValue()).toBe("1103");
    expect(await again.getByRole("combobox", { name: settings("company.timeZone") }).inputValue()).toMatch(
      /^Asia\/Beirut/,
    );
    expect(await again.getByRole("combobox", { name: settings("company.weekStart") }).inputValue()).toBe("Sunday");
    expect(await again.getByRole("combobox", { name: settings("company.currency") }).inputValue()).toBe(
      "Lebanese Pound (LBP)",
    );
    expect(problems.filter((p) => !/status of 40\d/.test(p))).toEqual([]);
    await close();
  });
});
