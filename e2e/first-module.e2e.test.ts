import { describe, expect, inject, it } from "vitest";
import { TOKEN_KEY } from "../packages/contracts/src/index.ts";
import { browserForFile } from "./browser.ts";

/**
 * A board's week is asked for by the page's first module (index.html's async
 * script, src/lib/early-week.ts), while the rest of the app's code is still
 * arriving. Here the app's own entry never arrives, so only the first module
 * can have asked: the build must point index.html at a script that runs it.
 */
const open = browserForFile();

describe("the page's first module", () => {
  it("asks for the board's week on its own, before the app's code has run", async () => {
    const { page } = await open();
    // Not a session the server would accept: the request only has to leave.
    const token = "first-module-test-token";
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    const index = await (await fetch(new URL("/", inject("baseUrl")))).text();
    const entry = index.match(/<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(entry).toBeDefined();
    await page.route(
      (url) => url.pathname === entry,
      (route) => route.abort(),
    );

    const board = inject("seed").schedule.board.id;
    const week = page.waitForRequest((request) => request.url().includes(`/api/schedule/boards/${board}/week`));
    await page.goto(`/admin/jobs-scheduling-dashboard/${board}?date=2026-03-02`);
    const request = await week;
    expect(new URL(request.url()).search).toBe("?date=2026-03-02");
    expect(request.headers().authorization).toBe(`Bearer ${token}`);
  });
});
