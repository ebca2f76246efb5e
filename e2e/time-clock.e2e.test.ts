import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { instantAt, localDateOf, localTimeOf, TOKEN_KEY } from "../packages/contracts/src/index.ts";
import { browserForFile, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { signInAs } from "./session.ts";

/**
 * Issue #7, the time clock, as its users live it: Rami clocks in on his
 * phone, takes a break and clocks out; then, with no network, clocks in
 * again: the punch waits on his phone and is sent once when the network
 * returns, and Maya, his manager, sees him start working without reloading.
 * Maya corrects his first entry with a reason, reads it in the entry's
 * history, approves his period once he has clocked out, and downloads the
 * CSV, whose numbers are the screen's. Salma and Huda do the same in Arabic.
 * The tests run in order and share the pages they open.
 */

/** Birch Bakery's zone: one where it was about noon when the tests began, so their day is one day there. */
const ZONE = inject("seed").timeClock.zone;
const open = browserForFile();

const screenshots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `time-clock-${name}.png`), animations: "disabled" });
}

const seed = () => inject("seed").timeClock;
const my = translator("en", "my");
const tc = translator("en", "timeClock");
const common = translator("en", "common");

/**
 * Taps one of the clock card's buttons. The bakery's job has no site, so no
 * punch asks for a location (nothing to check it against).
 */
async function tap(page: Page, action: string): Promise<void> {
  await page.getByTestId(`my-clock-${action}`).click();
  expect(await page.getByTestId("my-clock-location-allow").count()).toBe(0);
}

async function stateIs(page: Page, state: "out" | "in" | "break", language = "en"): Promise<void> {
  const t = translator(language, "my");
  await expect.poll(() => page.getByTestId("my-clock-state").textContent()).toBe(t(`clock.badge.${state}`));
}

describe("the time clock", () => {
  let rami: Watched;
  let maya: Watched;
  /** Maya's overview, in another tab of hers. */
  let overview: Page;

  it("Rami clocks in, takes a break and clocks out on his phone", async () => {
    rami = await open({ width: 390, height: 844 });
    const { page } = rami;
    await signInAs(page, seed().rami, seed().organization, "en", { landing: "my" });
    await page.getByTestId("my-clock").waitFor();
    await stateIs(page, "out");
    await expect.poll(() => page.getByTestId("my-clock-shift").count()).toBe(1);

    await tap(page, "clock_in");
    await stateIs(page, "in");
    await shot(page, "en-390-clocked-in");
    await tap(page, "break_start");
    await stateIs(page, "break");
    await tap(page, "break_end");
    await stateIs(page, "in");
    await tap(page, "clock_out");
    await stateIs(page, "out");
    expect(rami.problems).toEqual([]);
  });

  it("Maya opens the live time clock", async () => {
    maya = await open({ width: 1440, height: 900 });
    const { page } = maya;
    await signInAs(page, seed().owner, seed().organization);
    await page.goto("/admin/time-clock/all");
    const done = page.getByTestId("live-group-done");
    await expect.poll(() => done.getByText("Rami Baker").count()).toBe(1);
  });

  it("Maya's overview follows the day live: a new draft shift asks for publishing, without a reload", async () => {
    overview = await maya.context.newPage();
    await overview.goto("/admin");
    await overview.getByTestId("overview-page").waitFor();
    await expect.poll(() => overview.getByTestId("live-indicator").getAttribute("data-status")).toBe("live");
    expect(await overview.getByTestId("overview-attention-unpublished").count()).toBe(0);

    // Another of Maya's tabs adds an open shift for this evening (through the API, as the board does).
    const today = localDateOf(new Date().toISOString(), ZONE);
    const created = await maya.page.evaluate(
      async ({ key, body }) => {
        const response = await fetch("/api/schedule/shifts", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem(key)}` },
          body: JSON.stringify(body),
        });
        return response.status;
      },
      {
        key: TOKEN_KEY,
        body: {
          board_id: seed().board.id,
          starts_at: instantAt(today, "21:00", ZONE),
          ends_at: instantAt(today, "23:00", ZONE),
        },
      },
    );
    expect(created).toBe(201);
    await overview.getByTestId("overview-attention-unpublished").waitFor({ timeout: 10_000 });
  });

  it("a punch made offline waits on the phone, is sent once back online, and Maya sees it live", async () => {
    const { page, context } = rami;
    await context.setOffline(true);
    await tap(page, "clock_in");
    await page.getByTestId("my-clock-pending").waitFor();
    await expect.poll(() => page.getByTestId("my-clock-pending-punch").count()).toBe(1);
    await expect(page.getByTestId("my-clock-pending").textContent()).resolves.toContain(my("clock.pending.title"));
    await stateIs(page, "in"); // the card already counts it
    await shot(page, "en-390-offline");

    // Signing out now would strand the punch on this phone: Rami is asked first, and stays.
    await page.getByRole("button", { name: my("signOut") }).click();
    const asked = page.getByRole("dialog", { name: common("signOutUnsent.title") });
    await asked.waitFor();
    await shot(page, "en-390-sign-out-unsent");
    await asked.getByRole("button", { name: common("signOutUnsent.cancel") }).click();
    await asked.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/my");

    await context.setOffline(false);
    await page.getByTestId("my-clock-pending").waitFor({ state: "detached" });
    await stateIs(page, "in");
    // Maya's page never reloaded: the change came over its live connection.
    const working = maya.page.getByTestId("live-group-working");
    await expect.poll(() => working.getByText("Rami Baker").count(), { timeout: 10_000 }).toBe(1);
    await shot(maya.page, "en-1440-live");
    // And her overview counts him working now.
    await expect
      .poll(() => overview.getByTestId("overview-now-working").locator("span").first().textContent(), {
        timeout: 10_000,
      })
      .toBe("1");
    await shot(overview, "en-1440-overview");
    await overview.close();

    await tap(page, "clock_out");
    await stateIs(page, "out");
    const refused = rami.problems.filter((problem) => !problem.includes("ERR_INTERNET_DISCONNECTED"));
    expect(refused).toEqual([]);
  });

  it("a punch the server refuses is listed for Maya, with why", async () => {
    // Once his last clock-out has reached the server, his phone sends another (a stale queue on another
    // device, say): he is out, so it is refused.
    await expect
      .poll(() =>
        rami.page.evaluate(async (key) => {
          const response = await fetch("/api/my/clock", {
            headers: { authorization: `Bearer ${localStorage.getItem(key)}` },
          });
          return ((await response.json()) as { state: string }).state;
        }, TOKEN_KEY),
      )
      .toBe("out");
    const status = await rami.page.evaluate(async (key) => {
      const response = await fetch("/api/my/punches", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem(key)}` },
        body: JSON.stringify({ id: crypto.randomUUID(), kind: "clock_out", at: new Date().toISOString() }),
      });
      return response.status;
    }, TOKEN_KEY);
    expect(status).toBe(409);
    const refused = maya.page.getByTestId("live-refused-punch").filter({ hasText: "Rami Baker" });
    await expect.poll(() => refused.count(), { timeout: 10_000 }).toBe(1);
    expect(await refused.textContent()).toContain(tc("live.refused.reasons.notIn"));
  });

  it("Maya corrects Rami's first entry with a reason and reads it in the entry's history", async () => {
    const { page } = maya;
    await page.getByRole("tab", { name: tc("tabs.timesheets") }).click();
    const sheet = page.getByTestId("person-sheet").filter({ has: page.getByRole("heading", { name: "Rami Baker" }) });
    await sheet.waitFor();
    // Two entries: the offline clock-in was counted once.
    const toggle = sheet.getByRole("button", { name: tc("sheet.entries_other", { count: 2 }) });
    await toggle.click();
    const rows = sheet.getByTestId("entry-row");
    await expect.poll(() => rows.count()).toBe(2);

    await rows
      .first()
      .getByRole("button", { name: /^Edit the entry of/ })
      .click();
    const editor = page.getByTestId("entry-editor");
    await editor.waitFor();
    // He started an hour earlier than he punched (he forgot): clock-in moved back an hour.
    const earlier = new Date(Date.now() - 60 * 60_000).toISOString();
    const clockIn = editor.getByRole("group", { name: tc("editor.clockIn") });
    await clockIn.getByLabel(tc("editor.date")).fill(localDateOf(earlier, ZONE));
    await clockIn.getByLabel(tc("editor.time")).fill(localTimeOf(earlier, ZONE));
    await editor.getByLabel(tc("editor.reason")).fill("Started before his phone was charged");
    await editor.getByRole("button", { name: tc("editor.save") }).click();
    await editor.waitFor({ state: "detached" });

    await rows
      .first()
      .getByRole("button", { name: /^History of the entry of/ })
      .click();
    const history = page.getByTestId("entry-history");
    await history.waitFor();
    await expect
      .poll(() => history.getByText(tc("history.reason", { reason: "Started before his phone was charged" })).count())
      .toBe(1);
    await expect.poll(() => history.getByText(tc("history.action.updated")).count()).toBeGreaterThan(0);
    await shot(page, "en-1440-history");
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "detached" });
  });

  it("Maya approves the ready timesheets (Rami's) in one go and downloads the CSV, whose numbers are the screen's", async () => {
    const { page } = maya;
    const sheet = page.getByTestId("person-sheet").filter({ has: page.getByRole("heading", { name: "Rami Baker" }) });
    // The week is not over: approving him alone asks first (punches into it would be refused); not yet.
    await sheet.getByTestId("approve").click();
    const early = page.getByRole("dialog");
    await expect.poll(() => early.textContent()).toContain(tc("approveAll.ongoing"));
    await early.getByRole("button", { name: tc("editor.cancel") }).click();
    await early.waitFor({ state: "detached" });
    expect(await sheet.getAttribute("data-approved")).toBeNull();

    await page.getByTestId("approve-all").click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await shot(page, "en-1440-approve-all");
    await dialog.getByRole("button", { name: tc("approveAll.confirm_one", { formatted: "1" }) }).click();
    await expect.poll(() => sheet.getAttribute("data-approved")).toBe("true");
    await expect.poll(() => page.getByTestId("approve-all").count()).toBe(0);
    await shot(page, "en-1440-approved");

    const worked = (await sheet.locator("dd strong").first().textContent())?.trim() ?? "";
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: tc("export.csv") }).click(),
    ]);
    // The file is named for the board (or all) and the whole period, first to last day.
    const period = /^timesheets-.+-(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})\.csv$/.exec(download.suggestedFilename());
    expect(period).not.toBeNull();
    const file = await download.path();
    const csv = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
    const cellsOf = (line: string | undefined) => (line ?? "").split(",").map((cell) => cell.replace(/^"|"$/g, ""));
    const row = csv.split(/\r?\n/).find((line) => line.includes("Rami Baker"));
    expect(row).toBeDefined();
    const cells = cellsOf(row);
    // Employee ID, Person, Job, Regular, Overtime, Breaks, Rate, Pay: his worked hours are regular + overtime.
    const csvWorked = (Number(cells[3]) + Number(cells[4])).toFixed(2);
    expect(worked).toContain(csvWorked);

    // With a column per day: one per day of the period, his days adding up to the same hours.
    await page.getByRole("checkbox", { name: tc("export.byDay") }).check();
    const [byDay] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: tc("export.csv") }).click(),
    ]);
    expect(byDay.suggestedFilename()).toBe(download.suggestedFilename());
    const lines = fs
      .readFileSync(await byDay.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/);
    const days = cellsOf(lines[0]).slice(10);
    expect(days[0]).toBe(period?.[1]);
    expect(days.at(-1)).toBe(period?.[2]);
    const dayHours = cellsOf(lines.find((line) => line.includes("Rami Baker"))).slice(10);
    expect(dayHours).toHaveLength(days.length);
    const daySum = dayHours.reduce((sum, cell) => sum + Math.round(Number(cell) * 100), 0);
    expect(Math.abs(daySum - Math.round(Number(csvWorked) * 100))).toBeLessThanOrEqual(1);
    expect(maya.problems).toEqual([]);
  });

  it("in Arabic: سلمى clocks in on her phone, whose clock is ten minutes fast, and هدى sees her working, right to left", async () => {
    const salma = await open({ width: 390, height: 844, locale: "ar" });
    await signInAs(salma.page, seed().salma, seed().organization, "ar", { landing: "my" });
    // Her phone's clock is wrong: a punch timed by it would be "in the future" and refused.
    await salma.context.clock.install({ time: Date.now() + 10 * 60_000 });
    await salma.page.reload();
    await salma.page.getByTestId("my-clock").waitFor();
    expect(await salma.page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await tap(salma.page, "clock_in");
    await stateIs(salma.page, "in", "ar");
    await salma.page.getByTestId("my-clock-pending").waitFor({ state: "detached" });
    await shot(salma.page, "ar-390-clocked-in");
    // The punch went by the server's clock: her entry starts now, not ten minutes from now.
    const clockedInAt = await salma.page.evaluate(async (key) => {
      const response = await fetch("/api/my/clock", {
        headers: { authorization: `Bearer ${localStorage.getItem(key)}` },
      });
      return ((await response.json()) as { entry: { clock_in_at: string } | null }).entry?.clock_in_at ?? null;
    }, TOKEN_KEY);
    expect(Math.abs(Date.parse(clockedInAt ?? "") - Date.now())).toBeLessThan(60_000);

    const huda = await open({ width: 1440, height: 900, locale: "ar" });
    await signInAs(huda.page, seed().ownerArabic, seed().organization, "ar");
    await huda.page.goto("/admin/time-clock/all");
    const working = huda.page.getByTestId("live-group-working");
    await expect.poll(() => working.getByText(`${seed().salma.firstName} ${seed().salma.lastName}`).count()).toBe(1);
    await shot(huda.page, "ar-1440-live");
    expect(salma.problems).toEqual([]);
    expect(huda.problems).toEqual([]);
  });
});
