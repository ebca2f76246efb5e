import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays } from "../packages/contracts/src/index.ts";
import { launchBrowser, openPage, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * The board's Undo, its keyboard and focus, and the shift editor's honesty,
 * as an owner builds a week three weeks after the seeded one on "Main hall"
 * (so the scheduling board's own test, on the seeded week, never sees these
 * shifts): a shift made with the mouse keeps focus on the board; a move, a
 * copy and a delete each offer Undo for a few seconds (a button, or Ctrl+Z);
 * a move by keyboard says where the shift went; the editor checks a whole
 * repeat and says why a shift in the way stops saving. The tests run in
 * order and share one page.
 */

let browser: Browser;
let watched: Watched;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await watched?.close();
  await browser?.close();
});

const seed = () => inject("seed").schedule;
const en = { schedule: translator("en", "schedule"), edit: translator("en", "scheduleEdit") };
/** A refused write (409) is logged by the browser; anything else is a problem. */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !problem.includes("the server responded with a status of 409"));

/** The longest fixed part of a translated text (around its {{placeholders}}). */
function fixedPart(t: (key: string, values?: Record<string, string>) => string, key: string): string {
  const hole = "\u0000";
  const anything = new Proxy({}, { get: () => hole }) as Record<string, string>;
  return t(key, anything)
    .split(hole)
    .map((part) => part.trim())
    .reduce((longest, part) => (part.length > longest.length ? part : longest), "");
}

const week = () => {
  const monday = addDays(seed().weekStart, 21);
  return { monday, tuesday: addDays(monday, 1), wednesday: addDays(monday, 2) };
};
const sami = () => `${seed().sami.firstName} ${seed().sami.lastName}`;

function board(page: Page) {
  const row = (name: string) => page.getByTestId("schedule-row").filter({ has: page.getByRole("rowheader", { name }) });
  const cell = (name: string, date: string) => row(name).locator(`[data-testid="schedule-cell"][data-date="${date}"]`);
  const cards = (name: string, date: string) => cell(name, date).getByTestId("shift-card");
  const card = (id: string) => page.locator(`[data-testid="shift-card"][data-shift-id="${id}"]`);
  return { row, cell, cards, card };
}

/** What has focus: never the page's body. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      body: element === null || element === document.body,
      shiftId: element?.getAttribute("data-shift-id") ?? null,
      date: element?.closest<HTMLElement>("[data-date]")?.dataset.date ?? null,
    };
  });

const write = (page: Page, method: "POST" | "PATCH" | "DELETE") =>
  page.waitForResponse(
    (response) =>
      response.request().method() === method &&
      /^\/api\/schedule\/shifts(\/[0-9a-f-]{36}(\/restore)?)?$/.test(new URL(response.url()).pathname),
  );

/** A notice of the board by its text (fixed part), and its Undo button. */
function notice(page: Page, key: string) {
  const toast = page.getByTestId("board-toast").filter({ hasText: fixedPart(en.schedule, key) });
  return { toast, undo: toast.getByRole("button", { name: en.schedule("undo.button") }) };
}

async function drag(page: Page, from: Locator, to: Locator, copy = false): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error("the card or the target is not on screen");
  const x0 = start.x + start.width / 2;
  const y0 = start.y + start.height / 2;
  const x1 = end.x + end.width / 2;
  const y1 = end.y + end.height / 2;
  if (copy) await page.keyboard.down("Alt");
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + (x1 > x0 ? 12 : -12), y0, { steps: 4 });
  const mode = page.getByTestId("drag-mode");
  await mode.waitFor();
  await page.mouse.move(x1, y1, { steps: 15 });
  await page.mouse.move(x1 + 1, y1 + 1);
  await page.mouse.up();
  if (copy) await page.keyboard.up("Alt");
  await mode.waitFor({ state: "detached" });
}

/** Sami's shift these tests move, copy, delete and bring back (a draft; deleted at the end). */
let shift = "";

describe("undo, keyboard and focus on the board", () => {
  it("creating a shift with the mouse leaves focus on the new shift, and closing the editor on its opener", async () => {
    watched = await openPage(browser);
    const { page } = watched;
    await signInAs(page, seed().undoOwner, seed().organization);
    await page.goto(`/admin/jobs-scheduling-dashboard/${seed().board.id}?date=${week().monday}`);
    await page.getByTestId("schedule-grid").waitFor();
    const grid = board(page);
    // His job shows in letters beside its colour, never by colour alone.
    expect(await grid.row(sami()).getByTestId("job-chip").first().textContent()).toMatch(/^\p{L}{2,4}$/u);

    await grid.cell(sami(), week().monday).click();
    const editor = page.getByTestId("shift-editor");
    await editor.waitFor();
    await editor.getByLabel(en.edit("editor.start")).fill("09:00");
    await editor.getByLabel(en.edit("editor.end")).fill("17:00");
    const created = write(page, "POST");
    await editor.getByTestId("shift-editor-save").click();
    expect((await created).status()).toBe(201);
    await editor.waitFor({ state: "detached" });
    const card = grid.cards(sami(), week().monday);
    await card.waitFor();
    shift = (await card.getAttribute("data-shift-id")) ?? "";
    await expect.poll(async () => (await focused(page)).shiftId).toBe(shift);

    // Opened and closed again (Escape): focus goes back to the shift.
    await card.click();
    await editor.waitFor();
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    await expect.poll(async () => (await focused(page)).shiftId).toBe(shift);
    // Its closing animation over, nothing lies on the board.
    await page.getByRole("dialog").waitFor({ state: "detached" });
  });

  it("a move offers Undo, which puts the shift back", async () => {
    const { page } = watched;
    const grid = board(page);
    const moved = write(page, "PATCH");
    await drag(page, grid.card(shift), grid.cell(sami(), week().tuesday));
    expect((await moved).status()).toBe(200);
    await expect.poll(() => grid.card(shift).getAttribute("data-date")).toBe(week().tuesday);
    const { toast, undo } = notice(page, "toast.moved");
    expect(await toast.textContent()).toContain(sami());

    const back = write(page, "PATCH");
    await undo.click();
    expect((await back).status()).toBe(200);
    await expect.poll(() => grid.card(shift).getAttribute("data-date")).toBe(week().monday);
    // Said where screen readers hear it, and focus stays on the board.
    const said = page
      .getByRole("status")
      .getByTestId("board-toast")
      .filter({ hasText: fixedPart(en.schedule, "undo.moved") });
    await said.waitFor();
    expect((await focused(page)).body).toBe(false);
  });

  it("a copy offers Undo, which deletes the copy", async () => {
    const { page } = watched;
    const grid = board(page);
    const copied = write(page, "POST");
    await drag(page, grid.card(shift), grid.cell(sami(), week().wednesday), true);
    expect((await copied).status()).toBe(201);
    await grid.cards(sami(), week().wednesday).waitFor();

    const removed = write(page, "DELETE");
    // The Undo button is reachable by keyboard: focused and pressed with Enter.
    await notice(page, "toast.copiedTo").undo.focus();
    await page.keyboard.press("Enter");
    expect((await removed).status()).toBe(204);
    await expect.poll(() => grid.cards(sami(), week().wednesday).count()).toBe(0);
    expect(await grid.card(shift).getAttribute("data-date")).toBe(week().monday);
    await notice(page, "undo.copied").toast.waitFor();
    expect((await focused(page)).body).toBe(false);
  });

  it("a delete is taken back with Ctrl+Z: the shift comes back with the same times", async () => {
    const { page } = watched;
    const grid = board(page);
    const before = await grid.card(shift).getAttribute("aria-label");
    await grid.card(shift).focus();
    const removed = write(page, "DELETE");
    await page.keyboard.press("Delete");
    expect((await removed).status()).toBe(204);
    await expect.poll(() => grid.cards(sami(), week().monday).count()).toBe(0);

    const recreated = write(page, "POST");
    await page.keyboard.press("Control+z");
    expect((await recreated).status()).toBe(201);
    const card = grid.cards(sami(), week().monday);
    await card.waitFor();
    shift = (await card.getAttribute("data-shift-id")) ?? "";
    expect(await card.getAttribute("aria-label")).toBe(before);
    await notice(page, "undo.deletedOne").toast.waitFor();
  });

  it("a move by keyboard says where the shift went, with the person, the day and the time", async () => {
    const { page } = watched;
    const grid = board(page);
    await grid.card(shift).focus();
    const moved = write(page, "PATCH");
    await page.keyboard.press("Alt+ArrowRight");
    expect((await moved).status()).toBe(200);
    const said = page
      .getByRole("status")
      .getByTestId("board-toast")
      .filter({ hasText: fixedPart(en.schedule, "toast.moved") });
    await said.waitFor();
    const text = (await said.textContent()) ?? "";
    expect(text).toContain(sami());
    expect(text).toContain("Tuesday");
    expect(text).toMatch(/9:00\s?AM/);
    const back = write(page, "PATCH");
    await page.keyboard.press("Control+z");
    expect((await back).status()).toBe(200);
    await expect.poll(() => grid.card(shift).getAttribute("data-date")).toBe(week().monday);
  });

  it("clearing a selection gives focus back to the grid", async () => {
    const { page } = watched;
    await board(page).card(shift).focus();
    await page.keyboard.press("Space");
    const clear = page.getByRole("button", { name: en.schedule("selection.clear") });
    await clear.click();
    await clear.waitFor({ state: "detached" });
    await expect.poll(async () => (await focused(page)).body).toBe(false);
  });
});

describe("the shift editor says what is true", () => {
  it("keeps a job chosen twice, checks every week of a repeat, and says why a shift in the way stops saving", async () => {
    const { page } = watched;
    const grid = board(page);
    await grid.cell(sami(), week().tuesday).click();
    const editor = page.getByTestId("shift-editor");
    await editor.waitFor();

    // Choosing the job already chosen keeps it.
    const job = editor.getByLabel(en.edit("editor.job"), { exact: true });
    if ((await job.inputValue()) === "") {
      await job.click();
      await page.getByRole("option").first().click();
    }
    const chosen = await job.inputValue();
    expect(chosen).not.toBe("");
    await job.click();
    await page.getByRole("option", { name: chosen, exact: true }).click();
    expect(await job.inputValue()).toBe(chosen);

    // Every day for four weeks: each week over 40 hours is named.
    await editor.getByLabel(en.edit("editor.start")).fill("09:00");
    await editor.getByLabel(en.edit("editor.end")).fill("17:00");
    await editor.getByRole("radio", { name: en.edit("repeat.daily") }).check();
    const warnings = editor.getByTestId("shift-editor-warnings");
    await expect
      .poll(async () => await warnings.locator('[data-kind="weekly_overtime"]').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    expect(await warnings.textContent()).toContain(en.edit("warnings.stillAllowed"));

    // On Monday, where his shift is: saving is blocked, and nothing says it could be saved.
    await editor.getByRole("radio", { name: en.edit("repeat.none") }).check();
    // The shift's day (the repeat's end date is the other date field).
    await editor.locator('input[type="date"]').first().fill(week().monday);
    await editor.getByLabel(en.edit("editor.start")).fill("08:00");
    await editor.getByLabel(en.edit("editor.end")).fill("18:00");
    const overlap = editor.getByTestId("shift-editor-overlap");
    await overlap.waitFor();
    const save = editor.getByTestId("shift-editor-save");
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await editor.textContent()).not.toContain(en.edit("warnings.stillAllowed"));
    expect(await save.getAttribute("aria-describedby")).toBe(await overlap.getAttribute("id"));

    await page.keyboard.press("Escape");
    const discard = page.getByRole("dialog").filter({ hasText: en.edit("discard.message") });
    await discard.waitFor();
    await discard.getByRole("button", { name: translator("en", "common")("discard.discard") }).click();
    await editor.waitFor({ state: "detached" });
    expect((await focused(page)).body).toBe(false);
  });

  it("in the month view, the actions button names the week it acts on", async () => {
    const { page, problems } = watched;
    // A dialog of the week's menu, closed with Escape, gives focus back (never to the page).
    await page.getByTestId("schedule-week-menu").click();
    await page.getByRole("menuitem", { name: en.edit("menu.rules") }).click();
    const rules = page.getByRole("dialog");
    await rules.waitFor();
    await page.keyboard.press("Escape");
    await rules.waitFor({ state: "detached" });
    await expect.poll(async () => (await focused(page)).body).toBe(false);

    // The week is left as it was found: the draft goes.
    await board(page).card(shift).focus();
    const removed = write(page, "DELETE");
    await page.keyboard.press("Delete");
    expect((await removed).status()).toBe(204);
    await page.goto(`/admin/jobs-scheduling-dashboard/${seed().board.id}?date=${week().monday}&view=month`);
    const menu = page.getByTestId("schedule-week-menu");
    await menu.waitFor();
    await expect.poll(() => menu.textContent()).toContain(fixedPart(en.edit, "menu.labelWeekOf"));
    expect(await menu.textContent()).not.toBe(en.edit("menu.label"));
    expect(unexpected(problems)).toEqual([]);
  });
});
