import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { translator } from "./i18n.ts";
import { latestCode, latestInvitationLink, newLebanesePhone } from "./outbox.ts";
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
  await page.screenshot({ path: path.join(screenshots, `people-${name}.png`) });
}

const texts = (language: string) => ({
  people: translator(language, "people"),
  activation: translator(language, "activation"),
  my: translator(language, "my"),
  auth: translator(language, "auth"),
  admin: translator(language, "admin"),
});

/** Failed requests the test itself causes (a used link's 404…) are expected; anything else is a problem. */
const unexpected = (problems: string[]) => problems.filter((problem) => !/status of 40\d/.test(problem));

/** The owner's invite modal: name, phone, the first job; sent. */
async function invite(page: Page, language: string, person: { first: string; last: string; national: string }) {
  const { people } = texts(language);
  await page
    .getByRole("button", { name: people("actions.invite") })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: people("invite.title") });
  await dialog.getByLabel(people("fields.firstName")).fill(person.first);
  await dialog.getByLabel(people("fields.lastName")).fill(person.last);
  await dialog.getByLabel(people("fields.phone")).fill(person.national);
  await dialog.getByRole("combobox", { name: people("fields.jobs") }).click();
  await page.getByRole("option", { name: inject("seed").people.jobs[0] }).click();
  await dialog.getByLabel(people("fields.hourlyRate")).click();
  await shot(page, `invite-${language}`);
  await dialog.getByRole("button", { name: people("invite.submit") }).click();
  await page.getByText(people("invite.sent", { name: `${person.first} ${person.last}` })).waitFor();
}

/** The invitee's side: the link, the name, the code; lands in /my. */
async function activate(page: Page, language: string, link: string, phone: string, expected: { first: string }) {
  const { activation, auth, my } = texts(language);
  const organization = inject("seed").people.organization;
  await page.goto(`${link}?lng=${language}`);
  await page.getByRole("heading", { name: activation("heading", { organization }) }).waitFor();
  expect(await page.getByLabel(auth("fields.firstName")).inputValue()).toBe(expected.first);
  await shot(page, `activate-${language}`);
  await page.getByRole("button", { name: activation("sendCode") }).click();
  await page.getByRole("heading", { name: auth("otpScreen.title") }).waitFor();
  await enterCode(page, await latestCode(phone), language);
  await page.waitForURL("**/my");
  await page.getByRole("heading", { name: my("greeting", { name: expected.first }) }).waitFor();
  // Their organizations are on /my's Profile tab.
  await page.getByTestId("my-nav-profile").first().click();
  await page.waitForURL("**/my/profile");
  const organizations = page.getByRole("list", { name: my("organizations.title") });
  await expect.poll(() => organizations.getByRole("listitem").first().textContent()).toContain(organization);
  expect(await organizations.getByRole("listitem").first().textContent()).toContain(auth("roles.EMPLOYEE"));
  await shot(page, `my-${language}`);
}

describe("the team list", () => {
  it("pages through a large team while keeping only what is on screen in the page", async () => {
    const seed = inject("seed").people;
    const { people } = texts("en");
    const { page, problems, close } = await openPage(browser);
    await signInAs(page, seed.ownerList, seed.organization);
    await page.goto("/admin/users");
    await page.getByText(people("list.count_other", { count: seed.total })).waitFor();
    const list = page.getByRole("list", { name: people("list.label") });
    const rows = list.locator(":scope > li");
    await rows.first().waitFor();
    await shot(page, "list-en");
    const last = list.getByRole("link", { name: /Member 130/ });
    for (let step = 0; step < 80 && !(await last.isVisible()); step += 1) {
      await page.mouse.wheel(0, 1500);
      expect(await rows.count()).toBeLessThan(60);
    }
    await expect.poll(() => last.isVisible()).toBe(true);

    // The search goes to the server; no match says so and offers to clear.
    await page.getByLabel(people("filters.search")).fill("no such person here");
    await page.getByRole("heading", { name: people("list.noResultsTitle") }).waitFor();
    await page.getByRole("button", { name: people("filters.clear") }).click();
    await rows.first().waitFor();
    expect(unexpected(problems)).toEqual([]);
    await close();
  });

  it("shows each person as a card at 390 px", async () => {
    const seed = inject("seed").people;
    const { people } = texts("en");
    const { page, problems, close } = await openPage(browser, { width: 390, height: 844 });
    await signInAs(page, seed.ownerPhone, seed.organization);
    await page.goto("/admin/users?q=Member%20001");
    const row = page.getByRole("list", { name: people("list.label") }).getByRole("link", { name: /Member 001/ });
    await row.waitFor();
    const box = await row.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "list-390");
    expect(unexpected(problems)).toEqual([]);
    await close();
  });
});

describe("inviting and activating", () => {
  it("invites a person by phone, who activates through the link and lands in /my (English, 1440 px)", async () => {
    const seed = inject("seed").people;
    const { people, activation } = texts("en");
    const phone = newLebanesePhone();
    const owner = await openPage(browser);
    await signInAs(owner.page, seed.ownerInvite, seed.organization);
    await owner.page.goto("/admin/users");
    await invite(owner.page, "en", { first: "Rana", last: "Haddad", national: phone.national });
    await owner.page.getByLabel(people("filters.search")).fill("Rana Haddad");
    const row = owner.page.getByRole("list", { name: people("list.label") }).getByRole("link", { name: /Rana Haddad/ });
    await expect.poll(() => row.textContent()).toContain(people("status.invited"));

    const link = await latestInvitationLink(phone.international);
    const invitee = await openPage(browser);
    await invitee.page.goto(`${link}?lng=en`);
    await invitee.page
      .getByText(
        activation("invitedBy", { name: `${seed.ownerInvite.firstName} Lake`, organization: seed.organization }),
      )
      .waitFor();
    await activate(invitee.page, "en", link, phone.international, { first: "Rana" });

    // An employee who opens the admin area is sent back to their own.
    await invitee.page.goto("/admin/users");
    await invitee.page.waitForURL("**/my");

    // The link worked once.
    await invitee.page.goto(link);
    await invitee.page.getByRole("heading", { name: activation("invalidTitle") }).waitFor();

    // The owner sees the person active now.
    await owner.page.reload();
    await expect.poll(() => row.textContent()).toContain(people("status.active"));
    expect(unexpected(owner.problems)).toEqual([]);
    expect(unexpected(invitee.problems)).toEqual([]);
    await owner.close();
    await invitee.close();
  });

  it("does the same in Arabic on a phone (390 px)", async () => {
    const seed = inject("seed").people;
    const { people } = texts("ar");
    const phone = newLebanesePhone();
    const owner = await openPage(browser, { width: 390, height: 844 });
    await signInAs(owner.page, seed.ownerArabic, seed.organization, "ar");
    await owner.page.goto("/admin/users");
    await owner.page.getByRole("heading", { name: people("list.title") }).waitFor();
    await expect.poll(() => owner.page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await shot(owner.page, "list-ar-390");
    await invite(owner.page, "ar", { first: "ليلى", last: "خوري", national: phone.national });

    const link = await latestInvitationLink(phone.international);
    const invitee = await openPage(browser, { width: 390, height: 844 });
    await activate(invitee.page, "ar", link, phone.international, { first: "ليلى" });
    await expect.poll(() => invitee.page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await invitee.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(unexpected(owner.problems)).toEqual([]);
    expect(unexpected(invitee.problems)).toEqual([]);
    await owner.close();
    await invitee.close();
  });
});

describe("editing a person", () => {
  it("gives a supervisor view_scheduler, and their sidebar shows Job scheduling after a reload", async () => {
    const seed = inject("seed").people;
    const { people, admin } = texts("en");
    const supervisor = await openPage(browser);
    await signInAs(supervisor.page, seed.supervisor, seed.organization);
    const nav = supervisor.page.getByRole("navigation", { name: admin("nav.label") });
    await nav.getByText(admin("nav.users"), { exact: true }).waitFor();
    expect(await nav.getByText(admin("nav.jobScheduling"), { exact: true }).count()).toBe(0);

    const owner = await openPage(browser);
    await signInAs(owner.page, seed.ownerEdit, seed.organization);
    await owner.page.goto(`/admin/users?q=${seed.supervisor.firstName}`);
    await owner.page
      .getByRole("list", { name: people("list.label") })
      .getByRole("link", { name: new RegExp(`${seed.supervisor.firstName} Lake`) })
      .click();
    await owner.page.waitForURL("**/admin/users/edit/**");
    const permission = owner.page.getByRole("checkbox", { name: people("permissions.view_scheduler.label") });
    await permission.check();
    await owner.page.getByText(people("edit.unsaved")).waitFor();
    await shot(owner.page, "edit-en");
    await owner.page.getByRole("button", { name: people("edit.save") }).click();
    await owner.page.getByText(people("edit.saved")).waitFor();
    expect(await permission.isChecked()).toBe(true);

    await supervisor.page.reload();
    await nav.getByText(admin("nav.jobScheduling"), { exact: true }).waitFor();
    expect(unexpected(owner.problems)).toEqual([]);
    expect(unexpected(supervisor.problems)).toEqual([]);
    await owner.close();
    await supervisor.close();
  });
});

describe("importing from a CSV file", () => {
  it("imports nothing from a file with one bad row, then everyone from a good one", async () => {
    const seed = inject("seed").people;
    const { people } = texts("en");
    const { page, problems, close } = await openPage(browser);
    await signInAs(page, seed.ownerImport, seed.organization);
    await page.goto("/admin/users");
    const count = page.getByText(/^\d+ people$/);
    await count.waitFor();
    const before = await count.textContent();

    const first = newLebanesePhone();
    const second = newLebanesePhone();
    const header = "first_name,last_name,phone,email,role,jobs,schedules,hourly_rate";
    const good = [
      `Hadi,Saleh,${first.international},,EMPLOYEE,${seed.jobs[0]},${seed.board},14`,
      `Maya,Aoun,${second.international},,,${seed.jobs.join(";")},,15.50`,
    ];
    const file = (lines: string[]) => ({
      name: "team.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${[header, ...lines].join("\r\n")}\r\n`),
    });

    await page.getByRole("button", { name: people("actions.import") }).click();
    const dialog = page.getByRole("dialog", { name: people("import.title") });
    await dialog.locator('input[type="file"]').setInputFiles(file([good[0] ?? "", "Karim,Farah,12,,EMPLOYEE,,,"]));
    await dialog.getByText(people("import.rowsWithProblems_one", { count: 1 })).waitFor();
    expect(await dialog.getByRole("button", { name: /^Import \d/ }).count()).toBe(0);
    await shot(page, "import-bad");
    await dialog.getByRole("button", { name: people("actions.cancel") }).click();
    await page.reload();
    await count.waitFor();
    expect(await count.textContent()).toBe(before);

    await page.getByRole("button", { name: people("actions.import") }).click();
    await dialog.locator('input[type="file"]').setInputFiles(file(good));
    await dialog.getByText(people("import.allGood_other", { count: 2 })).waitFor();
    await dialog.getByRole("button", { name: people("import.submit_other", { count: 2 }) }).click();
    await page.getByText(people("import.done_other", { count: 2 })).waitFor();
    await page.getByLabel(people("filters.search")).fill("Maya Aoun");
    const row = page.getByRole("list", { name: people("list.label") }).getByRole("link", { name: /Maya Aoun/ });
    await expect.poll(() => row.textContent()).toContain(people("status.invited"));
    await shot(page, "import-done");
    expect(unexpected(problems)).toEqual([]);
    await close();
  });
});
