import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, instantAt, TOKEN_KEY, todayIn, weekStartDate } from "../packages/contracts/src/index.ts";
import { launchBrowser, openPage, type Watched } from "./browser.ts";
import { translator } from "./i18n.ts";
import { latestCode, newLebanesePhone } from "./outbox.ts";
import { enterCode } from "./session.ts";

/**
 * A brand-new owner's overview: the setup checklist with nothing ticked, a
 * step ticked once done; and "Review and publish" for a board whose only
 * draft is next week opens next week, where there is something to publish.
 * The tests run in order and share the owner's page.
 */

let browser: Browser;
let owner: Watched;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
});

const auth = translator("en", "auth");
const overviewText = translator("en", "overview");
const steps = ["company", "job", "board", "people", "publish"] as const;

/** Calls the API as the signed-in owner (as the app does, with the page's token). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ key, method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem(key)}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    },
    { key: TOKEN_KEY, method, path, body },
  );
}

const screenshots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `overview-${name}.png`), animations: "disabled" });
}

const doneSteps = (page: Page) =>
  page
    .locator("[data-testid^='overview-setup-'][data-done]")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-testid")?.replace("overview-setup-", "")));

describe("a new owner's overview", () => {
  it("shows the setup checklist with nothing ticked, each step a way to where it is done", async () => {
    owner = await openPage(browser, { width: 1440, height: 900 });
    const { page } = owner;
    const phone = newLebanesePhone();
    const company = "Cedar Terrace";
    await page.goto("/signup?lng=en");
    await page.getByLabel(auth("fields.firstName")).fill("Nour");
    await page.getByLabel(auth("fields.lastName")).fill("Saab");
    await page.getByLabel(auth("fields.phone")).fill(phone.national);
    await page.getByLabel(auth("fields.companyName")).fill(company);
    await page.getByRole("button", { name: auth("signup.submit") }).click();
    await page.waitForURL("**/otpscreen");
    await enterCode(page, await latestCode(phone.international));
    const verify = page.getByRole("button", { name: auth("otpScreen.verify") });
    if (page.url().includes("otpscreen") && (await verify.isEnabled().catch(() => false))) {
      await verify.click().catch(() => {});
    }
    await page.waitForURL((url) => url.pathname.endsWith("/select-organization") || url.pathname === "/admin");
    if (page.url().includes("select-organization")) {
      await page.getByRole("button", { name: new RegExp(company) }).click();
      await page.waitForURL("**/admin");
    }

    const checklist = page.getByTestId("overview-setup");
    await checklist.waitFor();
    for (const step of steps) await page.getByTestId(`overview-setup-${step}`).waitFor();
    expect(await doneSteps(page)).toEqual([]);
    await shot(page, "en-1440-setup");
    expect(
      await checklist.getByRole("link", { name: overviewText("setup.steps.job.title") }).getAttribute("href"),
    ).toBe("/admin/jobs");
    expect(owner.problems).toEqual([]);
  });

  it("ticks the job step once a job exists", async () => {
    const { page } = owner;
    const created = await api(page, "POST", "/api/jobs", { name: "Grill #2 / Bar", color: "#2f9e44" });
    expect(created.status).toBe(201);
    await page.reload();
    await page.getByTestId("overview-setup").waitFor();
    await expect.poll(() => doneSteps(page)).toEqual(["job"]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "en-390-setup-job-done");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("opens a board's only draft, next week, from Review and publish, where Publish is there to press", async () => {
    const { page } = owner;
    const board = await api<{ board: { id: string; time_zone: string; week_start: number } }>(
      page,
      "POST",
      "/api/boards",
      {
        name: "Terrace",
      },
    );
    expect(board.status).toBe(201);
    const { id, time_zone: zone, week_start: weekStart } = board.json.board;
    const nextWeek = addDays(weekStartDate(todayIn(zone), weekStart), 7);
    const day = addDays(nextWeek, 2);
    const shift = await api(page, "POST", "/api/schedule/shifts", {
      board_id: id,
      starts_at: instantAt(day, "10:00", zone),
      ends_at: instantAt(day, "14:00", zone),
    });
    expect(shift.status).toBe(201);

    await page.reload();
    const item = page.getByTestId("overview-attention-unpublished");
    await item.waitFor();
    await shot(page, "en-1440-unpublished-next-week");
    await item.getByRole("link", { name: overviewText("attention.unpublishedAction") }).click();
    await page.waitForURL((url) => url.pathname === `/admin/jobs-scheduling-dashboard/${id}`);
    expect(new URL(page.url()).searchParams.get("date")).toBe(nextWeek);
    const publish = page.getByTestId("schedule-publish");
    await publish.waitFor();
    await expect.poll(() => publish.isEnabled()).toBe(true);
    expect(owner.problems).toEqual([]);
  });
});
