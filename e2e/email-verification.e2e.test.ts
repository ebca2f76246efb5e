import type { Browser } from "playwright-core";
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

const admin = translator("en", "admin");
const settings = translator("en", "settings");
const auth = translator("en", "auth");
const validation = translator("en", "validation");

describe("verifying my email in settings", () => {
  it("shows the email as not verified, sends a code to it and marks it verified (390 px)", async () => {
    const person = inject("seed").unverifiedEmail;
    const { page, problems, close } = await openPage(browser, { width: 390, height: 844 });
    await signInAs(page, person, person.organization);

    await page.getByRole("button", { name: admin("userMenu.label", { name: `${person.firstName} Test` }) }).click();
    await page.getByRole("menuitem", { name: admin("userMenu.settings") }).click();
    const sheet = page.getByRole("dialog", { name: settings("title") });
    await sheet.waitFor();
    expect(await sheet.getByLabel(settings("account.email")).inputValue()).toBe(person.email);
    await sheet.getByText(settings("account.emailNotVerified"), { exact: true }).waitFor();

    // Editing the address first: it is verified once saved.
    await sheet.getByLabel(settings("account.email")).fill("someone.else@example.com");
    await sheet.getByText(settings("account.emailVerifyAfterSave")).waitFor();
    await sheet.getByLabel(settings("account.email")).fill(person.email);

    await sheet.getByRole("button", { name: settings("account.verifyEmailLabel") }).click();
    const codeEntry = page.getByRole("dialog", { name: auth("otpScreen.title") });
    await codeEntry.waitFor();
    await codeEntry.getByText(person.email).waitFor();
    const code = await latestCode(person.email);

    // A wrong code is refused as soon as its last digit is typed; the boxes empty for the next try.
    await enterCode(page, code === "0000" ? "1111" : "0000");
    await codeEntry.getByText(validation("otpScreen.otpInvalid")).waitFor();
    await enterCode(page, code);
    await codeEntry.waitFor({ state: "hidden" });
    await sheet.getByText(settings("account.emailVerified"), { exact: true }).waitFor();
    expect(await sheet.getByRole("button", { name: settings("account.verifyEmailLabel") }).count()).toBe(0);

    const me = await page.evaluate(async () => {
      const response = await fetch("/api/auth/me", {
        headers: { authorization: `Bearer ${localStorage.getItem("workshift_token")}` },
      });
      return (await response.json()) as { data: { email: string; email_verified: boolean } };
    });
    expect(me.data).toMatchObject({ email: person.email, email_verified: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems.filter((p) => !/status of 40\d/.test(p))).toEqual([]);
    await close();
  });
});
