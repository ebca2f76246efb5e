import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDays } from "../packages/contracts/src/index.ts";
import { baseUrl, browserForFile, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * Issue #6, the scheduling board, as its users live it: an owner builds
 * next week on "Main hall" (click a day, drag to move, Alt-drag to copy, a
 * drop on someone who already works then is refused, an 11-hour day warns
 * before it is saved) while a second manager watches the same board update
 * live; the week is published, the employee gets one message and sees the
 * shift in /my; and an Arabic owner drags a shift on a phone, right to left.
 * The tests run in order and share the pages they open.
 */

const open = browserForFile();

/** Screenshots for a person to look at, only when asked (E2E_SCREENSHOTS=/tmp/somewhere), never in the repository. */
const screenshots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `schedule-${name}.png`), animations: "disabled" });
}

/** The refusal of a move is a 409 the browser logs; anything else is a problem. */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !problem.includes("the server responded with a status of 409"));

/** The longest fixed part of a translated text (around its {{placeholders}}), to find it whatever the values. */
function fixedPart(t: (key: string, values?: Record<string, string>) => string, key: string): string {
  const hole = "\u0000";
  const anything = new Proxy({}, { get: () => hole }) as Record<string, string>;
  return t(key, anything)
    .split(hole)
    .map((part) => part.trim())
    .reduce((longest, part) => (part.length > longest.length ? part : longest), "");
}

interface OutboxMessage {
  to: string;
  code: string | null;
  body: string;
}
async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** The board's grid as a person finds things in it: a person's row, their day, the shifts in it. */
function board(page: Page) {
  const row = (name: string) => page.getByTestId("schedule-row").filter({ has: page.getByRole("rowheader", { name }) });
  const cell = (name: string, date: string) => row(name).locator(`[data-testid="schedule-cell"][data-date="${date}"]`);
  const cards = (name: string, date: string) => cell(name, date).getByTestId("shift-card");
  const card = (id: string) => page.locator(`[data-testid="shift-card"][data-shift-id="${id}"]`);
  return { row, cell, cards, card };
}

/** Gaps or overlaps between the grid's rows (each row should start where the one above ends), in px. */
const rowGaps = (page: Page) =>
  page.evaluate(() => {
    const rows = Array.from(
      document.querySelectorAll('[data-testid="schedule-grid"] [role="rowgroup"] > [data-index]'),
    );
    const boxes = rows.map((row) => row.getBoundingClientRect()).sort((a, b) => a.top - b.top);
    return boxes.slice(1).map((box, i) => Math.round(box.top - (boxes[i]?.bottom ?? box.top)));
  });

/** The shift's write (or refusal) as the board sends it. */
const shiftWrite = (page: Page, method: "POST" | "PATCH") =>
  page.waitForResponse(
    (response) =>
      response.request().method() === method &&
      /^\/api\/schedule\/shifts(\/[0-9a-f-]{36})?$/.test(new URL(response.url()).pathname),
  );

/**
 * Drags with the mouse as a person does: press on the card, move past the
 * activation distance, travel in steps to the target, let go. `copy` holds
 * Alt throughout (Alt on drop copies). `at` is where in the target to let
 * go, as fractions of its box.
 */
async function drag(
  page: Page,
  from: Locator,
  to: Locator,
  options: { copy?: boolean; at?: { x: number; y: number } } = {},
): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error("the card or the target is not on screen");
  const at = options.at ?? { x: 0.5, y: 0.5 };
  const x0 = start.x + start.width / 2;
  const y0 = start.y + start.height / 2;
  const x1 = end.x + end.width * at.x;
  const y1 = end.y + end.height * at.y;
  if (options.copy) await page.keyboard.down("Alt");
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + (x1 > x0 ? 12 : -12), y0, { steps: 4 });
  const mode = page.getByTestId("drag-mode");
  await mode.waitFor();
  await page.mouse.move(x1, y1, { steps: 15 });
  await page.mouse.move(x1 + 1, y1 + 1);
  expect(await mode.getAttribute("data-copy")).toBe(options.copy ? "true" : null);
  await page.mouse.up();
  if (options.copy) await page.keyboard.up("Alt");
  await mode.waitFor({ state: "detached" });
}

const seed = () => inject("seed").schedule;
const days = () => {
  const monday = seed().weekStart;
  return {
    monday,
    tuesday: addDays(monday, 1),
    wednesday: addDays(monday, 2),
    thursday: addDays(monday, 3),
    friday: addDays(monday, 4),
  };
};
const en = { schedule: translator("en", "schedule"), edit: translator("en", "scheduleEdit") };
const ar = { schedule: translator("ar", "schedule") };

describe("the scheduling board", () => {
  let rita: Watched;
  let fadi: Watched;
  /** Sami's shifts as the week is built: the one moved then copied, the copy, the long Friday. */
  let moved = "";
  let copied = "";
  let long = "";
  const sami = () => `${seed().sami.firstName} ${seed().sami.lastName}`;
  const lina = () => `${seed().lina.firstName} ${seed().lina.lastName}`;

  it("an owner creates a shift on a day; a second manager sees it arrive live", async () => {
    const { owner, manager, organization } = seed();
    const url = `/admin/jobs-scheduling-dashboard/${seed().board.id}?date=${seed().weekStart}`;
    [rita, fadi] = await Promise.all([open(), open()]);
    await Promise.all([signInAs(rita.page, owner, organization), signInAs(fadi.page, manager, organization)]);
    await Promise.all([rita.page.goto(url), fadi.page.goto(url)]);
    for (const { page } of [rita, fadi]) {
      await page.getByRole("heading", { name: seed().board.name, level: 1 }).waitFor();
      await page.locator('[data-testid="live-indicator"][data-status="live"]').waitFor();
    }
    const { page } = rita;
    const grid = board(page);
    const { monday } = days();
    // Lina's seeded Wednesday is there, a draft.
    expect(await grid.cards(lina(), days().wednesday).getAttribute("data-status")).toBe("draft");
    await shot(page, "en-week-empty");
    // A mark in Fadi's page that a reload would wipe.
    await fadi.page.evaluate(() => Object.assign(window, { watching: true }));

    await grid.cell(sami(), monday).click();
    const editor = page.getByTestId("shift-editor");
    await editor.waitFor();
    await editor.getByLabel(en.edit("editor.start")).fill("09:00");
    await editor.getByLabel(en.edit("editor.end")).fill("17:00");
    expect(await editor.getByLabel(en.edit("editor.person"), { exact: true }).inputValue()).toBe(sami());
    await shot(page, "en-editor");
    const created = shiftWrite(page, "POST");
    await editor.getByTestId("shift-editor-save").click();
    expect((await created).status()).toBe(201);
    await editor.waitFor({ state: "detached" });
    const card = grid.cards(sami(), monday);
    await card.waitFor();
    expect(await card.getAttribute("data-status")).toBe("draft");
    moved = (await card.getAttribute("data-shift-id")) ?? "";
    expect(moved).not.toBe("");
    expect(await card.textContent()).toContain(en.schedule("status.draft"));

    // Fadi did nothing: the shift came to him over the live connection.
    await board(fadi.page).card(moved).waitFor();
    expect(await board(fadi.page).card(moved).getAttribute("data-date")).toBe(monday);
    expect(await fadi.page.evaluate(() => "watching" in window)).toBe(true);
    await shot(fadi.page, "en-live-created");
  });

  it("drags the shift to another day, and copies it with Alt held", async () => {
    const { page } = rita;
    const grid = board(page);
    const { monday, tuesday, thursday } = days();

    const patched = shiftWrite(page, "PATCH");
    await drag(page, grid.card(moved), grid.cell(sami(), tuesday));
    expect((await patched).status()).toBe(200);
    await expect.poll(() => grid.card(moved).getAttribute("data-date")).toBe(tuesday);
    expect(await grid.cards(sami(), monday).count()).toBe(0);
    // The move reaches Fadi too.
    await expect.poll(() => board(fadi.page).card(moved).getAttribute("data-date")).toBe(tuesday);

    const posted = shiftWrite(page, "POST");
    await drag(page, grid.card(moved), grid.cell(sami(), thursday), { copy: true });
    expect((await posted).status()).toBe(201);
    await grid.cards(sami(), thursday).waitFor();
    await page
      .getByTestId("board-toast")
      .filter({ hasText: fixedPart(en.schedule, "toast.copiedTo") })
      .waitFor();
    copied = (await grid.cards(sami(), thursday).getAttribute("data-shift-id")) ?? "";
    expect(copied).not.toBe(moved);
    expect(await grid.card(moved).getAttribute("data-date")).toBe(tuesday);
    expect(await grid.row(sami()).getByTestId("shift-card").count()).toBe(2);
    expect(await grid.cards(sami(), thursday).getAttribute("data-status")).toBe("draft");
    // The rows grew with their cards and still sit edge to edge.
    await expect.poll(() => rowGaps(page)).toEqual([0, 0]);
    await shot(page, "en-moved-and-copied");
  });

  it("refuses a drop on someone who already works then, says why, and puts the shift back", async () => {
    const { page } = rita;
    const grid = board(page);
    const { tuesday, wednesday } = days();

    const refused = shiftWrite(page, "PATCH");
    await drag(page, grid.card(moved), grid.cell(lina(), wednesday));
    expect((await refused).status()).toBe(409);
    const toast = page.getByTestId("board-toast").filter({ hasText: fixedPart(en.schedule, "toast.overlap") });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(lina());
    await expect.poll(() => grid.card(moved).getAttribute("data-date")).toBe(tuesday);
    expect(await grid.cards(sami(), tuesday).getAttribute("data-shift-id")).toBe(moved);
    expect(await grid.cards(lina(), wednesday).count()).toBe(1);
    await shot(page, "en-refused");
  });

  it("warns about an 11-hour day before saving, and saves it anyway", async () => {
    const { page } = rita;
    const grid = board(page);
    const { friday } = days();

    await grid.cell(sami(), friday).click();
    const editor = page.getByTestId("shift-editor");
    await editor.waitFor();
    await editor.getByLabel(en.edit("editor.start")).fill("08:00");
    await editor.getByLabel(en.edit("editor.end")).fill("19:00");
    const warnings = editor.getByTestId("shift-editor-warnings");
    await warnings.waitFor();
    expect(await warnings.textContent()).toContain(fixedPart(en.edit, "warnings.dailyOvertime"));
    expect(await warnings.textContent()).toContain(en.edit("warnings.stillAllowed"));
    await shot(page, "en-editor-overtime");
    const created = shiftWrite(page, "POST");
    await editor.getByTestId("shift-editor-save").click();
    expect((await created).status()).toBe(201);
    await editor.waitFor({ state: "detached" });
    const card = grid.cards(sami(), friday);
    await card.waitFor();
    long = (await card.getAttribute("data-shift-id")) ?? "";
    // The card keeps the warning.
    await card.getByTestId("shift-warning").waitFor();
    expect(await card.getAttribute("aria-label")).toContain(fixedPart(en.schedule, "warning.dailyOvertime"));
    await board(fadi.page).card(long).waitFor();
  });

  it("publishes the week: the cards turn published and Sami gets one message in his language", async () => {
    const { page } = rita;
    const grid = board(page);
    const before = (await outbox(seed().sami.phone)).length;

    const publish = page.getByTestId("schedule-publish");
    // Sami's three shifts and Lina's seeded one.
    expect(await publish.getAttribute("aria-label")).toBe(en.edit("publish.buttonLabel_other", { count: 4 }));
    await publish.click();
    const dialog = page.getByRole("dialog").filter({ hasText: en.edit("publish.intro") });
    await dialog.waitFor();
    await shot(page, "en-publish");
    await dialog.getByRole("button", { name: en.edit("publish.confirm"), exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    const notice = page.getByTestId("board-toast").filter({ hasText: en.edit("publish.done_other", { count: 4 }) });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en.edit("publish.done_other", { count: 4 }));
    expect(await notice.textContent()).toContain(en.edit("publish.doneNotified_other", { count: 2 }));
    for (const id of [moved, copied, long]) {
      await expect.poll(() => grid.card(id).getAttribute("data-status")).toBe("published");
    }
    await expect.poll(() => grid.cards(lina(), days().wednesday).getAttribute("data-status")).toBe("published");
    await expect.poll(() => publish.textContent()).toContain(en.edit("publish.upToDate"));
    await shot(page, "en-published");
    // The same week on a phone opens as a day's agenda.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "en-published-390");
    await page.setViewportSize({ width: 1440, height: 900 });
    // Fadi's board follows.
    await expect.poll(() => board(fadi.page).card(moved).getAttribute("data-status")).toBe("published");
    expect(await fadi.page.evaluate(() => "watching" in window)).toBe(true);

    // One message for Sami, about his three new shifts, in English.
    await expect.poll(async () => (await outbox(seed().sami.phone)).length).toBe(before + 1);
    const [message] = await outbox(seed().sami.phone);
    expect(message?.code).toBeNull();
    expect(message?.body).toMatch(new RegExp(`^${seed().organization}: 3 new shifts\\. New: Tue, `));
    expect(message?.body).toContain("9:00 AM–5:00 PM (Grill)");
    expect(message?.body).toContain("and 1 more");
    expect(message?.body).toMatch(/Your shifts: \S+\/my$/);
    // Nobody on the Arabic board was told anything.
    expect(await outbox(seed().nour.phone)).toEqual([]);

    expect(unexpected(rita.problems)).toEqual([]);
    expect(fadi.problems).toEqual([]);
  });

  it("Sami signs in and finds his published shifts in /my", async () => {
    const { organization } = seed();
    const { tuesday, thursday, friday } = days();
    const { page, problems } = await open({ width: 390, height: 844 });
    await signInAs(page, seed().sami, organization, "en", { landing: "my" });
    await page.getByTestId("my-nav-shifts").first().click();
    await page.waitForURL("**/my/shifts");
    const section = page.getByTestId("my-shifts");
    await section.waitFor();
    const shift = (date: string) => section.locator(`[data-testid="my-shift"][data-date="${date}"]`);
    // The seeded week is next week: one step ahead, unless this week (in his locale's weeks) already holds it.
    await section.locator('[data-testid="my-shift"], [data-testid="my-shifts-empty"]').first().waitFor();
    if ((await shift(tuesday).count()) === 0) await page.getByTestId("my-week-next").click();
    await shift(tuesday).waitFor();
    expect(await shift(tuesday).getAttribute("data-shift-id")).toBe(moved);
    expect(await shift(thursday).getAttribute("data-shift-id")).toBe(copied);
    expect(await shift(friday).getAttribute("data-shift-id")).toBe(long);
    expect(await section.getByTestId("my-shift").count()).toBe(3);
    await page.mouse.move(0, 0); // the button's tooltip out of the picture
    await shot(page, "en-my-shifts");
    expect(problems).toEqual([]);
  });

  it("an Arabic owner on a phone drags a shift to the next day, which is to the left", async () => {
    const { ownerArabic, organization, arabicBoard, nour } = seed();
    const { wednesday, thursday } = days();
    const { page, problems } = await open({ width: 390, height: 844, locale: "ar" });
    await signInAs(page, ownerArabic, organization, "ar");
    await page.goto(`/admin/jobs-scheduling-dashboard/${arabicBoard.id}?date=${seed().weekStart}`);
    await page.getByRole("heading", { name: arabicBoard.name, level: 1 }).waitFor();
    // A phone opens the week as a day's agenda; the grid is one tap away.
    await page.getByTestId("schedule-layout").getByText(ar.schedule("layout.grid"), { exact: true }).click();
    await page.getByTestId("schedule-grid").waitFor();
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    // The page fits the phone; the grid scrolls inside its own box.
    const fits = () =>
      page.evaluate(() => (document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY) <= window.innerWidth);
    expect(await fits()).toBe(true);
    await shot(page, "ar-week");

    const grid = board(page);
    const name = `${nour.firstName} ${nour.lastName}`;
    const card = grid.cards(name, wednesday);
    const id = (await card.getAttribute("data-shift-id")) ?? "";
    expect(id).not.toBe("");
    // Wednesday first after the people column (on the right), Thursday next to it on its left.
    await grid.cell(name, wednesday).evaluate((cell) => cell.scrollIntoView({ block: "center", inline: "start" }));
    const from = await grid.cell(name, wednesday).boundingBox();
    const to = await grid.cell(name, thursday).boundingBox();
    expect(to && from && to.x + to.width <= from.x + 1).toBe(true);
    expect(to && to.x >= 0).toBe(true);
    await shot(page, "ar-before-drag");

    const patched = shiftWrite(page, "PATCH");
    // Let go on Thursday's side nearest Wednesday, clear of the edge where the grid scrolls by itself.
    await drag(page, grid.card(id), grid.cell(name, thursday), { at: { x: 0.75, y: 0.5 } });
    expect((await patched).status()).toBe(200);
    await expect.poll(() => grid.card(id).getAttribute("data-date")).toBe(thursday);
    expect(await grid.cards(name, wednesday).count()).toBe(0);
    expect(await fits()).toBe(true);
    await expect.poll(() => rowGaps(page)).toEqual([0, 0]);
    await shot(page, "ar-after-drag");
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, "ar-1440");
    expect(problems).toEqual([]);
  });
});
