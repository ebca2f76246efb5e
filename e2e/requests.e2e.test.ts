import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDays } from "../packages/contracts/src/index.ts";
import { baseUrl, browserForFile, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * Requests as the people of Fig Tree Bistro live them, on phones and at a
 * desk. Karim claims next week's open Wednesday (it would take him past 40
 * hours); Dana gives her Thursday away and Joud takes it; Tala says she is
 * unavailable on Mondays. Rana, the owner, finds all three in one inbox with
 * what each yes would do, approves the claim and the cover, and declines the
 * availability with a reason. Karim's phone and another owner's board follow
 * without a reload, and everyone is told through the outbox. A platform admin
 * reaches the inbox of the organization it entered. The tests run in order and
 * share the pages they open.
 */

const open = browserForFile();

const screenshots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({
    path: path.join(screenshots, `requests-${name}.png`),
    animations: "disabled",
    fullPage: true,
  });
}

const seed = () => inject("seed").requests;
const my = translator("en", "my");
const rq = translator("en", "requests");
const phone = { width: 390, height: 844 };

/** The employee's tab in /my's navigation. */
async function goTo(page: Page, tab: "shifts" | "requests"): Promise<void> {
  await page.getByTestId(`my-nav-${tab}`).first().click();
  await page.waitForURL(`**/my/${tab}`);
}

interface OutboxMessage {
  to: string;
  body: string;
  subject: string | null;
  language: string;
}

async function messagesTo(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

describe("requests", () => {
  let karim: Watched;
  let rana: Watched;
  let board: Watched;

  it("Karim claims the open shift next Wednesday from his phone", async () => {
    karim = await open(phone);
    const { page } = karim;
    await signInAs(page, seed().karim, seed().organization, "en", { landing: "my" });
    await goTo(page, "shifts");
    const shift = page.getByTestId("my-open-shift");
    await expect.poll(() => shift.count()).toBe(1);
    await shift.getByTestId("my-open-shift-claim").click();
    await expect.poll(() => shift.textContent()).toContain(my("open.claimed"));
    expect(karim.problems).toEqual([]);
  });

  it("Dana gives her Thursday away to everyone who can work it", async () => {
    const dana = await open(phone);
    const { page } = dana;
    await signInAs(page, seed().dana, seed().organization, "en", { landing: "my" });
    await goTo(page, "shifts");
    // Her Thursday is next week's: the week view starts on this one.
    const giveAway = page.getByTestId("my-shift-give-away");
    if ((await giveAway.count()) === 0) await page.getByRole("button", { name: my("shifts.nextWeek") }).click();
    await giveAway.first().click();
    const dialog = page.getByTestId("my-give-away");
    await dialog.getByRole("button", { name: my("giveAway.submit") }).click();
    await expect.poll(() => page.getByTestId("my-shift-waiting").count()).toBe(1);
    expect(dana.problems).toEqual([]);
    await dana.close();
  });

  it("Joud takes Dana's Thursday", async () => {
    const joud = await open(phone);
    const { page } = joud;
    await signInAs(page, seed().joud, seed().organization, "en", { landing: "my" });
    await goTo(page, "requests");
    const offer = page.getByTestId("my-offer");
    await expect.poll(() => offer.count()).toBe(1);
    await offer.getByTestId("my-offer-accept").click();
    await expect.poll(() => page.getByTestId("my-offer").count()).toBe(0);
    expect(joud.problems).toEqual([]);
    await joud.close();
  });

  it("Tala says she is unavailable on Mondays", async () => {
    const tala = await open(phone);
    const { page } = tala;
    await signInAs(page, seed().tala, seed().organization, "en", { landing: "my" });
    await goTo(page, "requests");
    await page.getByTestId("my-ask-availability").click();
    const editor = page.getByTestId("my-availability-editor");
    await editor.getByTestId("my-availability-day-1").getByRole("button").last().click();
    await editor.getByRole("button", { name: my("availability.editor.submit") }).click();
    await expect
      .poll(() => page.locator('[data-testid="my-request"][data-status="pending"]').count(), { timeout: 10_000 })
      .toBe(1);
    expect(tala.problems).toEqual([]);
    await tala.close();
  });

  it("another owner watches the board: the claim and the cover are marked on their shifts", async () => {
    board = await open();
    const { page } = board;
    await signInAs(page, seed().watcher, seed().organization, "en");
    await page.goto(`/admin/jobs-scheduling-dashboard/${seed().board.id}?date=${seed().weekStart}`);
    await expect.poll(() => page.getByTestId("shift-mark").count(), { timeout: 15_000 }).toBe(2);
  });

  it("Rana finds all three in the inbox with what a yes would do, and decides", async () => {
    rana = await open();
    const { page } = rana;
    await signInAs(page, seed().owner, seed().organization, "en");
    await expect.poll(() => page.getByTestId("nav-request-count").textContent()).toBe("3");
    await page.goto("/admin/request");
    await page.getByTestId("requests-page").waitFor();
    const cards = page.getByTestId("request-card");
    await expect.poll(() => cards.count()).toBe(3);
    const claim = cards.filter({ hasText: "Karim" });
    const cover = cards.filter({ hasText: "Dana" });
    const availability = cards.filter({ hasText: "Tala" });
    // Wednesday would be Karim's sixth day of eight hours: 48 h against the board's 40.
    await expect.poll(() => claim.getByTestId("request-impact").textContent()).toContain("Overtime");
    await shot(page, "inbox-en-1440");

    // Karim watches his requests while Rana decides.
    await goTo(karim.page, "requests");
    await expect.poll(() => karim.page.locator('[data-testid="my-request"][data-status="pending"]').count()).toBe(1);

    await claim.getByRole("button", { name: rq("actions.approve") }).click();
    await expect.poll(() => cards.filter({ hasText: "Karim" }).count()).toBe(0);
    await cover.getByRole("button", { name: rq("actions.approve") }).click();
    await expect.poll(() => cards.filter({ hasText: "Dana" }).count()).toBe(0);
    await availability.getByRole("button", { name: rq("actions.decline") }).click();
    const decline = page.getByTestId("decline-form");
    await decline.getByLabel(rq("decline.reason")).fill("We need you on Mondays this season");
    await decline.getByRole("button", { name: rq("actions.decline") }).click();
    await expect.poll(() => cards.count()).toBe(0);
    await expect.poll(() => page.getByTestId("nav-request-count").count()).toBe(0);
    expect(rana.problems).toEqual([]);
  });

  it("Karim's phone and the other owner's board follow without a reload", async () => {
    await expect
      .poll(() => karim.page.locator('[data-testid="my-request"][data-status="approved"]').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await expect.poll(() => board.page.getByTestId("shift-mark").count(), { timeout: 10_000 }).toBe(0);
    expect(karim.problems).toEqual([]);
    expect(board.problems).toEqual([]);
  });

  it("everyone is told through the outbox", async () => {
    const { karim: k, dana: d, joud: j, tala: t } = seed();
    await expect.poll(async () => (await messagesTo(k.phone)).some((m) => /approved/i.test(m.body))).toBe(true);
    await expect.poll(async () => (await messagesTo(d.phone)).some((m) => /Joud/.test(m.body))).toBe(true);
    await expect.poll(async () => (await messagesTo(j.phone)).some((m) => /Dana/.test(m.body))).toBe(true);
    await expect
      .poll(async () => (await messagesTo(t.phone)).some((m) => m.body.includes("We need you on Mondays this season")))
      .toBe(true);
    // The owners were told when each request started waiting for them.
    expect((await messagesTo(seed().owner.phone)).length).toBeGreaterThanOrEqual(3);
  });

  it("a platform admin reaches the inbox of the organization it entered", async () => {
    const admin = await open();
    const { page } = admin;
    await signInAs(page, seed().admin, seed().organization, "en", { search: true });
    await page.goto("/admin/request");
    await page.getByTestId("requests-page").waitFor();
    await page.getByText(rq("empty.nothingWaits.title")).waitFor();
    expect(admin.problems).toEqual([]);
    await admin.close();
  });

  it("in Arabic on a phone: Salwa's requests and the owner's inbox read right to left", async () => {
    const salwa = await open({ ...phone, locale: "ar" });
    await signInAs(salwa.page, seed().salwa, seed().organization, "ar", { landing: "my" });
    await goTo(salwa.page, "shifts");
    const giveAway = salwa.page.getByTestId("my-shift-give-away");
    if ((await giveAway.count()) === 0) {
      await salwa.page.getByRole("button", { name: translator("ar", "my")("shifts.nextWeek") }).click();
    }
    await giveAway.first().click();
    await salwa.page
      .getByTestId("my-give-away")
      .getByRole("button", { name: translator("ar", "my")("giveAway.submit") })
      .click();
    await expect.poll(() => salwa.page.getByTestId("my-shift-waiting").count()).toBe(1);
    await goTo(salwa.page, "requests");
    expect(await salwa.page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await shot(salwa.page, "my-requests-ar-390");
    expect(salwa.problems).toEqual([]);

    const owner = await open({ ...phone, locale: "ar" });
    await signInAs(owner.page, seed().ownerArabic, seed().organization, "ar");
    await owner.page.goto(`/admin/request?state=decided&from=${addDays(seed().weekStart, -14)}`);
    await owner.page.getByTestId("requests-page").waitFor();
    await expect.poll(() => owner.page.getByTestId("request-card").count()).toBeGreaterThanOrEqual(3);
    await shot(owner.page, "inbox-ar-390");
    expect(owner.problems).toEqual([]);
  });
});
