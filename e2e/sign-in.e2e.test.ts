import { SignJWT } from "jose";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deriveKeys } from "../server/src/auth/keys.ts";
import { DEFAULT_OTP_SIGNING_KEY } from "../server/src/config.ts";
import { baseUrl, launchBrowser, openPage } from "./browser.ts";
import { E2E_APP_SECRET } from "./global-setup.ts";
import { translator } from "./i18n.ts";
import { latestCode, newLebanesePhone } from "./outbox.ts";
import { enterCode } from "./session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const en = translator("en", "auth");
const enAdmin = translator("en", "admin");

/** Signs out the way a person does: the account menu in the header, then Sign out. */
async function signOut(page: Page, fullName: string, language = "en") {
  const t = translator(language, "admin");
  await page.getByRole("button", { name: t("userMenu.label", { name: fullName }) }).click();
  await page.getByRole("menuitem", { name: t("userMenu.signOut") }).click();
}
const enValidation = translator("en", "validation");

/** Browser console lines the server's expected refusals produce (a 400 for a wrong code, say). */
const expectedRefusal = (problem: string) => /status of (400|403|404|409|429)/.test(problem);

describe("signing up and signing in", () => {
  it.each([
    ["en", 1440],
    ["ar", 390],
  ] as const)(
    "signs up with a Lebanese phone, the code goes by itself, and the new company is in Lebanon (%s, %i px)",
    async (lng, width) => {
      const t = translator(lng, "auth");
      const admin = translator(lng, "admin");
      const settings = translator(lng, "settings");
      const { page, problems, close } = await openPage(browser, { width, height: 900 });
      const phone = newLebanesePhone();
      const company = lng === "ar" ? "مخبز الشروق" : "Sunrise Bakery";
      await page.goto(`/signup?lng=${lng}`);
      await page.getByLabel(t("fields.firstName")).fill(lng === "ar" ? "رنا" : "Rana");
      await page.getByLabel(t("fields.lastName")).fill(lng === "ar" ? "حداد" : "Haddad");
      await page.getByLabel(t("fields.phone")).fill(phone.national);
      await page.getByLabel(t("fields.companyName")).fill(company);
      await page.getByRole("button", { name: t("signup.submit") }).click();

      await page.waitForURL("**/otpscreen");
      await page.getByText(phone.international).waitFor();
      // The last digit sends the code (no Verify); the new owner's one company opens without a picker.
      await enterCode(page, await latestCode(phone.international), lng);
      await page.waitForURL("**/admin");
      expect(await page.evaluate(() => localStorage.getItem("workshift_token"))).toBeTruthy();
      expect(await page.getAttribute("html", "dir")).toBe(lng === "ar" ? "rtl" : "ltr");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The company's country starts as the owner's phone's (+961), and can be changed.
      const owner = lng === "ar" ? "رنا حداد" : "Rana Haddad";
      await page.getByRole("button", { name: admin("userMenu.label", { name: owner }) }).click();
      await page.getByRole("menuitem", { name: admin("userMenu.company") }).click();
      const country = page.getByRole("combobox", { name: settings("company.country") });
      await expect.poll(() => country.inputValue()).toBe(lng === "ar" ? "لبنان" : "Lebanon");
      expect(await country.isEditable()).toBe(true);
      expect(problems).toEqual([]);
      await close();
    },
  );

  it("signs up with an email, which does not sign in until it is verified", async () => {
    const { page, problems, close } = await openPage(browser);
    const email = `e2e${Date.now()}@example.com`;
    const phone = newLebanesePhone();
    await page.goto("/signup");
    await page.getByLabel(en("fields.firstName")).fill("Karim");
    await page.getByLabel(en("fields.lastName")).fill("Nassar");
    await page.getByLabel(en("fields.phone")).fill(phone.national);
    await page.getByLabel(en("fields.emailOptional")).fill(email);
    await page.getByLabel(en("fields.companyName")).fill("Nassar Freight");
    await page.getByRole("button", { name: en("signup.submit") }).click();
    await page.waitForURL("**/otpscreen");
    await enterCode(page, await latestCode(phone.international));
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { level: 1, name: enAdmin("pages.overview.title") }).waitFor();
    expect(problems.filter((problem) => !expectedRefusal(problem))).toEqual([]);
    await close();

    // Another browser: the right code for the unverified address gets the answer of an unknown one, and a way forward.
    const other = await openPage(browser);
    await other.page.goto("/signin");
    await other.page.getByRole("radio", { name: en("signin.useEmail") }).check();
    await other.page.getByRole("textbox", { name: en("fields.email") }).fill(email);
    await other.page.getByRole("button", { name: en("signin.submit") }).click();
    await other.page.waitForURL("**/otpscreen");
    await enterCode(other.page, await latestCode(email));
    await other.page.getByText(en("failures.emailNotFound")).waitFor();
    expect(other.page.url()).toMatch(/\/otpscreen$/);
    expect(await other.page.evaluate(() => localStorage.getItem("workshift_token"))).toBeNull();
    expect(other.problems.filter((problem) => !expectedRefusal(problem))).toEqual([]);
    await other.close();
  });

  // This test and the next each wait out the minute before a new code may be sent: they wait together.
  it.concurrent("refuses a wrong code at its last digit, never sends it twice, resends after the countdown, and signs in by email", async ({
    expect,
  }) => {
    const { page, problems, close } = await openPage(browser);
    let sent = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/verify-otp")) sent += 1;
    });
    const firstBox = page.getByLabel(en("otpScreen.digitLabel", { index: 1, total: 4 }), { exact: true });
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    // Only a verified email signs in: this person proved theirs (the seed says so).
    const { email } = inject("seed").byEmail;

    await page.goto("/signin");
    await page.getByRole("radio", { name: en("signin.useEmail") }).check();
    await page.getByRole("textbox", { name: en("fields.email") }).fill(email);
    await page.getByRole("button", { name: en("signin.submit") }).click();
    await page.waitForURL("**/otpscreen");
    await page.getByText(email).waitFor();
    const first = await latestCode(email);

    const wrong = first === "0000" ? "1111" : "0000";
    await enterCode(page, wrong);
    // Refused and announced; the boxes empty, the first one focused for the next try.
    await page
      .getByRole("alert")
      .filter({ hasText: enValidation("otpScreen.otpInvalid") })
      .waitFor();
    expect(await firstBox.inputValue()).toBe("");
    expect(await focusedLabel()).toBe(en("otpScreen.digitLabel", { index: 1, total: 4 }));
    expect(sent).toBe(1);
    // The same wrong code again is refused without asking the server; Verify stays there.
    await page.keyboard.type(wrong);
    await page
      .getByRole("alert")
      .filter({ hasText: enValidation("otpScreen.otpInvalid") })
      .waitFor();
    await page.getByRole("button", { name: en("otpScreen.verify") }).click();
    expect(sent).toBe(1);

    // Resend stays disabled for 59 seconds, then sends a new code.
    const resend = page.getByRole("button", { name: en("otpScreen.resend"), exact: true });
    expect(await page.getByRole("button", { name: /Send a new code in/ }).isDisabled()).toBe(true);
    await resend.waitFor({ timeout: 65_000 });
    await resend.click();
    const second = await latestCode(email, first);

    await enterCode(page, second);
    // Karim owns one organization: straight in.
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { level: 1, name: enAdmin("pages.overview.title") }).waitFor();
    expect(sent).toBe(2);
    expect(problems.filter((problem) => !expectedRefusal(problem))).toEqual([]);
    await close();
  }, 120_000);

  it.concurrent("signs in by phone, chooses between two organizations, survives an expired access token, logs out, and finds the last one offered first", async ({
    expect,
  }) => {
    const seed = inject("seed").twoOrgs;
    const { page, problems, close } = await openPage(browser);
    await page.goto("/signin");
    await page.getByLabel(en("fields.phone")).fill(seed.national);
    await page.getByRole("button", { name: en("signin.submit") }).click();
    await page.waitForURL("**/otpscreen");
    const firstSentAt = Date.now();
    const firstCode = await latestCode(seed.phone);
    await enterCode(page, firstCode);

    await page.waitForURL("**/select-organization");
    await page.getByRole("button", { name: /Cedar Café/ }).waitFor();
    // Never entered before: nothing is marked.
    expect(await page.getByText(en("organizations.lastUsed")).count()).toBe(0);
    await page.getByRole("button", { name: /Olive Grove/ }).click();
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { level: 1, name: enAdmin("pages.overview.title") }).waitFor();
    await page.getByRole("button", { name: enAdmin("userMenu.label", { name: "Nadia Saab" }) }).waitFor();

    // The access token expires; the next request refreshes it without the person noticing.
    const refreshBefore = await page.evaluate(() => localStorage.getItem("workshift_refreshToken"));
    const claims = JSON.parse(
      Buffer.from(
        (await page.evaluate(() => localStorage.getItem("workshift_token")))?.split(".")[1] ?? "",
        "base64url",
      ).toString(),
    ) as { sub: string; org: string; role: string; sid: string };
    const expired = await new SignJWT({ org: claims.org, role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub)
      .setIssuer("workshift")
      .setAudience("workshift-api")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(deriveKeys(E2E_APP_SECRET, DEFAULT_OTP_SIGNING_KEY).access);
    await page.evaluate((token) => localStorage.setItem("workshift_token", token), expired);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: enAdmin("pages.overview.title") }).waitFor();
    expect(page.url()).toMatch(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem("workshift_token"))).not.toBe(expired);
    expect(await page.evaluate(() => localStorage.getItem("workshift_refreshToken"))).not.toBe(refreshBefore);

    const refreshToken = await page.evaluate(() => localStorage.getItem("workshift_refreshToken"));
    await signOut(page, "Nadia Saab");
    await page.waitForURL("**/signin");
    expect(await page.evaluate(() => localStorage.getItem("workshift_token"))).toBeNull();
    const reuse = await fetch(`${baseUrl()}/api/auth/v2/refresh-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(reuse.status).toBe(403);

    // Signed out (the browser's storage cleared), then back once a new code may be sent:
    // Olive Grove is first, marked and focused.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstSentAt + 61_000 - Date.now())));
    await page.getByLabel(en("fields.phone")).fill(seed.national);
    await page.getByRole("button", { name: en("signin.submit") }).click();
    await page.waitForURL("**/otpscreen");
    await enterCode(page, await latestCode(seed.phone, firstCode));
    const list = page.getByRole("list", { name: en("organizations.listLabel") });
    await list.waitFor();
    const firstItem = list.getByRole("listitem").first();
    expect(await firstItem.textContent()).toContain("Olive Grove");
    expect(await firstItem.textContent()).toContain(en("organizations.lastUsed"));
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Olive Grove");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin");
    const entered = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem("workshift_token")}` };
      const me = (await (await fetch("/api/auth/me", { headers })).json()) as { data: { organization_id: string } };
      const listed = (await (await fetch("/api/organizations", { headers })).json()) as {
        organizations: { id: string; title: string }[];
      };
      return listed.organizations.find((org) => org.id === me.data.organization_id)?.title;
    });
    expect(entered).toBe("Olive Grove");
    expect(problems.filter((problem) => !expectedRefusal(problem))).toEqual([]);
    await close();
  }, 120_000);

  it("does it all in Arabic, right to left, straight into the only organization", async () => {
    const ar = translator("ar", "auth");
    const seed = inject("seed").arabic;
    const { page, problems, close } = await openPage(browser, { width: 390, height: 844 });
    await page.goto("/signin?lng=ar");
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.getByRole("heading", { level: 1, name: ar("signin.title") }).waitFor();
    await page.getByLabel(ar("fields.phone")).fill(seed.national);
    await page.getByRole("button", { name: ar("signin.submit") }).click();
    await page.waitForURL("**/otpscreen");
    await enterCode(page, await latestCode(seed.phone), "ar");
    // One organization: no picker to answer.
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { level: 1, name: translator("ar", "admin")("pages.overview.title") }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await signOut(page, "عمر حداد", "ar");
    await page.waitForURL("**/signin");
    // The overview's live streams may still be connecting when the sign-out ends the session (a 403).
    expect(problems.filter((problem) => !expectedRefusal(problem))).toEqual([]);
    await close();
  });
});
