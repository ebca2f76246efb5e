import type { Page } from "playwright-core";
import { translator } from "./i18n.ts";
import { latestCode } from "./outbox.ts";
import type { SeededPerson } from "./seed.ts";

/**
 * Types a code into the boxes the way a person does: focus the first, type the
 * digits. The last digit sends it by itself (there is nothing to click after).
 */
export async function enterCode(page: Page, code: string, language = "en"): Promise<void> {
  const t = translator(language, "auth");
  await page.getByLabel(t("otpScreen.digitLabel", { index: 1, total: 4 }), { exact: true }).click();
  await page.keyboard.type(code);
}

/**
 * Signs a seeded person in by phone and enters `organization`, as they would,
 * waiting until they land where their role takes them: the admin area, or
 * (`landing: "my"`) an employee's /my. Someone with one organization goes
 * straight there without choosing; with several, the picker asks.
 */
export async function signInAs(
  page: Page,
  person: SeededPerson,
  organization: string,
  language = "en",
  options: { search?: boolean; landing?: "admin" | "my" } = {},
): Promise<void> {
  const t = translator(language, "auth");
  const landed = options.landing === "my" ? /\/my$/ : /\/admin/;
  await page.goto(`/signin?lng=${language}`);
  await page.getByLabel(t("fields.phone")).fill(person.national);
  await page.getByRole("button", { name: t("signin.submit") }).click();
  await page.waitForURL("**/otpscreen");
  await enterCode(page, await latestCode(person.phone), language);
  // One organization: straight in. Several (or a platform admin): the picker, once it has its list.
  const picker = page.getByRole("heading", { level: 1, name: t("organizations.title") });
  const landing = page.waitForURL((url) => landed.test(url.pathname)).then(() => "landed" as const);
  const choosing = picker.waitFor().then(() => "picker" as const);
  // The one that loses the race is left to time out or end with the page, unheard.
  landing.catch(() => {});
  choosing.catch(() => {});
  if ((await Promise.race([landing, choosing])) === "picker") {
    // A platform admin finds an organization it does not belong to by searching.
    if (options.search) await page.getByLabel(t("organizations.searchLabel")).fill(organization);
    await page.getByRole("button", { name: new RegExp(organization) }).click();
    await page.waitForURL((url) => landed.test(url.pathname));
  }
}
