import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDays } from "../packages/contracts/src/index.ts";
import { baseUrl, browserForFile, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * Issue #17, time off at Palm Court Hotel, as its people live it. Maya, the
 * owner, gives Vacation a yearly grant of 120 hours and puts Nour on it; Nour
 * asks on her phone for Monday and Tuesday of the week after next and sees
 * what they take (16 hours, 104 left); Maya approves on the team calendar and
 * makes the two published shifts open shifts; the board shows Nour's leave and
 * the two open shifts; Nour's balance and history show the days taken, and the
 * approval is in her messages. In Arabic on phones, another owner looks at the
 * calendar and Lina at her own time off. Everyone signs in once (codes are a
 * minute apart per phone): the tests run in order and share their pages.
 */

const open = browserForFile();

/** Screenshots for a person to look at, only when asked (E2E_SCREENSHOTS=/tmp/somewhere), never in the repository. */
const screenshots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  // From the top: a sticky header or bar would otherwise sit where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(screenshots, `time-off-${name}.png`),
    animations: "disabled",
    fullPage: true,
  });
}

const seed = () => inject("seed").timeOff;
const desk = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const en = {
  my: translator("en", "my"),
  setup: translator("en", "timeOffSetup"),
  timeOff: translator("en", "timeOff"),
  requests: translator("en", "requests"),
  schedule: translator("en", "schedule"),
};
const ar = { my: translator("ar", "my"), timeOff: translator("ar", "timeOff") };

/** The server's own words (its message catalogues), as the dev outbox and the default leave types say them. */
type Catalog = { [key: string]: string | Catalog };
function serverText(language: string, key: string): string {
  const file = path.resolve(import.meta.dirname, `../server/locales/${language}/messages.json`);
  const catalog = JSON.parse(fs.readFileSync(file, "utf8")) as Catalog;
  const found = key
    .split(".")
    .reduce<string | Catalog | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), catalog);
  if (typeof found !== "string") throw new Error(`no server ${language} text for ${key}`);
  return found;
}

/** Hours as the pages write them ("16h" in English): Intl's narrow hour, to a tenth. */
const hours = (value: number, language = "en") =>
  new Intl.NumberFormat(language, {
    style: "unit",
    unit: "hour",
    unitDisplay: "narrow",
    maximumFractionDigits: 1,
  }).format(value);
const signedHours = (value: number, language = "en") =>
  new Intl.NumberFormat(language, {
    style: "unit",
    unit: "hour",
    unitDisplay: "narrow",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(value);

interface OutboxMessage {
  to: string;
  body: string;
}
async function messagesTo(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** /my's time off tab, from its navigation (the bottom bar on a phone). */
async function goToTimeOff(page: Page): Promise<void> {
  await page.getByTestId("my-nav-time-off").first().click();
  await page.waitForURL("**/my/time-off");
}

/** A value inside a sentence, as the pages isolate it (FSI … PDI). */
const isolate = (text: string) => `\u2068${text}\u2069`;

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

describe("time off", () => {
  let maya: Watched;
  let nour: Watched;
  /** The default Vacation type's name, in the language of the organization's first owner (Maya: English). */
  let vacation = "";
  const policyName = "Front desk full time";
  const days = () => ({ monday: seed().weekStart, tuesday: addDays(seed().weekStart, 1) });
  const calendarUrl = (view: "week" | "month") =>
    `/admin/time-off/all?${view === "week" ? "view=week&" : ""}date=${seed().weekStart}`;

  it("Maya gives Vacation a yearly grant of 120 hours and puts Nour on it", async () => {
    maya = await open(desk);
    const { page } = maya;
    await signInAs(page, seed().owner, seed().organization, "en");
    await page.goto("/admin/time-off/all");
    await page.getByTestId("time-off-page").waitFor();
    await page.getByRole("tab", { name: en.timeOff("tabs.settings") }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "settings");

    // The default types are made on the first read, named in the first owner's language (Maya's).
    const policies = page.getByRole("region", { name: en.setup("policies.title"), exact: true });
    const addFor = (type: string) => policies.getByRole("button", { name: en.setup("policies.addFor", { type }) });
    vacation = serverText("en", "leaveTypes.vacation");
    await addFor(vacation).waitFor();

    await addFor(vacation).click();
    const form = page.getByRole("dialog", { name: en.setup("policies.form.createTitle", { type: isolate(vacation) }) });
    await form.getByLabel(en.setup("policies.form.name")).fill(policyName);
    // "A yearly grant on a reset date" is the form's first choice; the reset stays on January 1.
    expect(await form.getByLabel(en.setup("policies.form.accrual")).inputValue()).toBe(
      en.setup("policies.form.accrualYearly"),
    );
    await form.getByLabel(en.setup("policies.form.amountYearly")).fill("120");
    // Nothing carries over at the reset: her two years before this one leave no more than this year's grant.
    await form.getByLabel(en.setup("policies.form.carryover")).fill("0");
    const prorate = form.getByRole("switch", { name: en.setup("policies.form.prorate") });
    await prorate.uncheck({ force: true });
    expect(await prorate.isChecked()).toBe(false);
    await form.getByRole("button", { name: en.setup("actions.save"), exact: true }).click();
    await form.waitFor({ state: "detached" });
    const row = policies.getByRole("listitem").filter({ hasText: policyName });
    await expect.poll(() => row.textContent()).toContain(en.setup("policies.people_other", { count: 0 }));

    const assign = page.getByRole("region", { name: en.setup("assign.title"), exact: true });
    await assign.getByLabel(en.setup("assign.policy")).click();
    await page.getByRole("option", { name: policyName }).click();
    const people = assign.getByLabel(en.setup("assign.people"));
    await expect.poll(() => people.isEnabled()).toBe(true);
    await people.click();
    await people.fill(seed().nour.firstName);
    await page.getByRole("option", { name: fullName(seed().nour) }).click();
    await page.keyboard.press("Escape");
    await assign.getByRole("button", { name: en.setup("assign.submit"), exact: true }).click();
    await assign.getByText(en.setup("assign.done_one", { count: 1, policy: isolate(policyName) })).waitFor();
    await expect.poll(() => row.textContent()).toContain(en.setup("policies.people_one", { count: 1 }));
    await shot(page, "settings-en-1440");
    expect(maya.problems).toEqual([]);
  });

  it("Nour asks on her phone for Monday and Tuesday, and sees 16 hours taken and 104 left", async () => {
    nour = await open(phone);
    const { page } = nour;
    await signInAs(page, seed().nour, seed().organization, "en", { landing: "my" });
    await goToTimeOff(page);
    const balance = page.getByTestId("my-balance").filter({ hasText: vacation });
    await expect.poll(() => balance.textContent()).toContain(hours(120));

    await page.getByTestId("my-ask-time-off").click();
    const ask = page.getByTestId("my-time-off-ask");
    await ask.waitFor();
    await ask.getByTestId("time-off-type").selectOption({ label: vacation });
    await ask.getByTestId("time-off-from").fill(days().monday);
    await ask.getByTestId("time-off-to").fill(days().tuesday);
    const preview = ask.locator('[data-testid="time-off-preview"][data-current]');
    await expect.poll(() => preview.getByTestId("time-off-preview-day").count(), { timeout: 10_000 }).toBe(2);
    // Each day counts her shift that day (09:00–17:00).
    for (const day of await preview.getByTestId("time-off-preview-day").all()) {
      expect(await day.getAttribute("data-basis")).toBe("shifts");
    }
    expect(await preview.getByTestId("time-off-preview-total").textContent()).toContain(hours(16));
    expect(await preview.getByTestId("time-off-preview-after").textContent()).toContain(hours(104));
    await shot(page, "my-ask-en-390");
    await ask.getByRole("button", { name: en.my("timeOff.ask.submit"), exact: true }).click();
    await ask.waitFor({ state: "detached" });

    const asked = page.locator('[data-testid="my-time-off-item"][data-status="pending"]');
    await expect.poll(() => asked.count()).toBe(1);
    // Nothing is taken before a manager decides: the 16 hours wait.
    await expect
      .poll(() => balance.textContent())
      .toContain(en.my("timeOff.balances.pending", { hours: isolate(hours(16)) }));
    expect(await balance.textContent()).toContain(hours(120));
    expect(nour.problems).toEqual([]);
  });

  it("Maya approves it on the calendar and makes the overlapping shifts open shifts", async () => {
    const { page } = maya;
    await page.goto(calendarUrl("week"));
    const calendar = page.locator('[data-testid="time-off-calendar"][data-view="week"]');
    await calendar.getByTestId("time-off-week").waitFor();
    const item = (day: string) => calendar.locator(`[data-testid="time-off-item"][data-day="${day}"]`);
    for (const day of Object.values(days())) {
      await expect.poll(() => item(day).getAttribute("data-status")).toBe("pending");
      expect(await item(day).getAttribute("aria-label")).toContain(fullName(seed().nour));
    }
    await shot(page, "calendar-week-pending-en-1440");

    await item(days().monday).click();
    const decision = page.getByTestId("time-off-decision");
    await decision.waitFor();
    const choice = decision.getByTestId("time-off-shifts-choice");
    await choice.waitFor();
    expect(await choice.textContent()).toContain(en.requests("timeOff.shifts.choiceLabel", { count: 2 }));
    await shot(page, "calendar-decide-en-1440");
    await choice.getByRole("radio", { name: en.requests("timeOff.shifts.open") }).check();
    await decision.getByRole("button", { name: en.timeOff("decide.approve"), exact: true }).click();
    await decision.waitFor({ state: "detached" });

    for (const day of Object.values(days())) {
      await expect.poll(() => item(day).getAttribute("data-status")).toBe("approved");
    }
    await shot(page, "calendar-week-en-1440");
    // The view switch's radios are hidden behind their labels: a person clicks the word.
    await calendar.getByText(en.timeOff("calendar.month"), { exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has("view"));
    const month = page.locator('[data-testid="time-off-calendar"][data-view="month"]');
    await month.getByTestId("time-off-month").waitFor();
    await expect
      .poll(() => month.locator('[data-testid="time-off-item"][data-status="approved"]').count())
      .toBeGreaterThanOrEqual(2);
    await shot(page, "calendar-month-en-1440");
    expect(maya.problems).toEqual([]);
  });

  it("the board shows Nour's leave on Monday and Tuesday, and their two open shifts", async () => {
    const { page } = maya;
    await page.goto(`/admin/jobs-scheduling-dashboard/${seed().board.id}?date=${seed().weekStart}`);
    await page.getByRole("heading", { name: seed().board.name, level: 1 }).waitFor();
    const nourRow = page
      .getByTestId("schedule-row")
      .filter({ has: page.getByRole("rowheader", { name: fullName(seed().nour) }) });
    const nourCell = (date: string) => nourRow.locator(`[data-testid="schedule-cell"][data-date="${date}"]`);
    const openCell = (date: string) =>
      page.locator(
        `[data-testid="schedule-row"][data-user-id="open"] [data-testid="schedule-cell"][data-date="${date}"]`,
      );
    for (const day of Object.values(days())) {
      await expect.poll(() => nourCell(day).getAttribute("data-leave"), { timeout: 10_000 }).toBe("day");
      expect(await nourCell(day).getByTestId("cell-leave").textContent()).toContain(
        en.schedule("leave.wholeSentence", { type: vacation }),
      );
      expect(await nourCell(day).getByTestId("shift-card").count()).toBe(0);
      await expect.poll(() => openCell(day).getByTestId("shift-card").count()).toBe(1);
      expect(await openCell(day).getByTestId("shift-card").getAttribute("data-status")).toBe("published");
    }
    // The rest of her week is hers, as it was.
    const wednesday = addDays(seed().weekStart, 2);
    expect(await nourCell(wednesday).getAttribute("data-leave")).toBeNull();
    expect(await nourCell(wednesday).getByTestId("shift-card").count()).toBe(1);
    expect(await openCell(wednesday).getByTestId("shift-card").count()).toBe(0);
    await shot(page, "board-en-1440");
    expect(maya.problems).toEqual([]);
  });

  it("Nour's balance and history show the 16 hours taken, and she was told", async () => {
    const { page } = nour;
    await page.reload();
    const balance = page.getByTestId("my-balance").filter({ hasText: vacation });
    await expect.poll(() => balance.textContent()).toContain(hours(104));
    await expect.poll(() => page.locator('[data-testid="my-time-off-item"][data-status="approved"]').count()).toBe(1);

    await balance.getByRole("button", { name: en.my("timeOff.balances.historyLabel", { type: vacation }) }).click();
    const ledger = page.getByTestId("my-ledger");
    await ledger.waitFor();
    // One entry per day of leave: her two shifts' hours.
    const taken = ledger.locator('[data-testid="my-ledger-entry"][data-kind="taken"]');
    await expect.poll(() => taken.count()).toBe(2);
    for (const entry of await taken.all()) {
      expect(await entry.textContent()).toContain(en.my("timeOff.ledger.taken"));
      expect(await entry.textContent()).toContain(signedHours(-8));
    }
    // Newest first: the time off, after this year's grant, leaves 104 hours.
    const entries = ledger.getByTestId("my-ledger-entry");
    expect(await entries.first().getAttribute("data-kind")).toBe("taken");
    expect(await entries.first().textContent()).toContain(hours(104));
    const grants = await ledger.locator('[data-testid="my-ledger-entry"][data-kind="grant"]').allTextContents();
    expect(grants.some((grant) => grant.includes(signedHours(120)))).toBe(true);
    await shot(page, "my-time-off-en-390");
    await page.setViewportSize(desk);
    await shot(page, "my-time-off-en-1440");
    await page.setViewportSize(phone);

    const approvedMine = serverText("en", "requestText.approvedMine").split("{{")[0] ?? "";
    await expect
      .poll(async () =>
        (await messagesTo(seed().nour.phone)).some(
          (message) => message.body.includes(approvedMine) && message.body.includes(vacation),
        ),
      )
      .toBe(true);
    expect(nour.problems).toEqual([]);
  });

  it("in Arabic on phones: the calendar of مايا and Lina's own time off read right to left", async () => {
    const owner = await open({ ...phone, locale: "ar" });
    await signInAs(owner.page, seed().ownerArabic, seed().organization, "ar");
    await owner.page.goto(calendarUrl("month"));
    const list = owner.page.getByTestId("time-off-day-list");
    await list.waitFor();
    expect(await owner.page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await expect
      .poll(() => list.locator('[data-testid="time-off-item"][data-status="approved"]').count())
      .toBeGreaterThanOrEqual(2);
    await owner.page.getByRole("tab", { name: ar.timeOff("tabs.calendar") }).waitFor();
    await shot(owner.page, "calendar-ar-390");
    // The decided leave, opened from the list: who decided it, and nothing more to decide.
    await list.locator(`[data-testid="time-off-item"][data-day="${days().monday}"]`).click();
    const decision = owner.page.getByTestId("time-off-decision");
    await decision.getByTestId("time-off-decided").waitFor();
    await shot(owner.page, "calendar-decided-ar-390");
    expect(owner.problems).toEqual([]);

    const lina = await open({ ...phone, locale: "ar" });
    const { page } = lina;
    await signInAs(page, seed().lina, seed().organization, "ar", { landing: "my" });
    await goToTimeOff(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await expect.poll(() => page.getByTestId("my-ask-time-off").isEnabled()).toBe(true);
    await page.getByTestId("my-time-off-empty").waitFor();
    await page.getByTestId("my-ledger-empty").waitFor();
    await shot(page, "my-time-off-ar-390");
    // Without a policy, what a day would take: her balance is nothing, so it would go below zero.
    await page.getByTestId("my-ask-time-off").click();
    const ask = page.getByTestId("my-time-off-ask");
    await ask.getByTestId("time-off-from").fill(addDays(seed().weekStart, 2));
    await ask.locator('[data-testid="time-off-preview"][data-current]').waitFor({ timeout: 10_000 });
    await shot(page, "my-ask-ar-390");
    await ask.getByRole("button", { name: ar.my("ask.cancel"), exact: true }).click();
    await ask.waitFor({ state: "detached" });
    expect(lina.problems).toEqual([]);
  });
});
