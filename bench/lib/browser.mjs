import fs from "node:fs";
import { chromium } from "playwright-core";
import chromiumArgs from "../../e2e/chromium-args.json" with { type: "json" };
import { isLoopbackHost } from "./http.mjs";
import { withTimeout } from "./time.mjs";

/** The system Chromium; BENCH_CHROMIUM points elsewhere. */
export const chromiumPath = process.env.BENCH_CHROMIUM || "/usr/bin/chromium";

// The same flags the end-to-end tests use.
const CHROMIUM_ARGS = chromiumArgs;

/** Why Chromium cannot be used here, or null when it can. */
export function chromiumUnavailableReason() {
  if (!fs.existsSync(chromiumPath)) {
    return `Chromium not found at ${chromiumPath}; install it (e.g. apt-get install chromium) or set BENCH_CHROMIUM to its path`;
  }
  return null;
}

/**
 * Launches headless Chromium and registers its closing with `ctx.defer`.
 * Every request to a non-loopback host fails (the bench stays on this
 * machine): Chromium sends them to a proxy on a closed loopback port, while
 * loopback addresses bypass proxies. `blocked` lists them. Not request
 * interception (`context.route`): that turns Chromium's HTTP cache off and
 * passes every request through this process, so "cached assets" would be
 * neither cached nor timed as a browser loads them.
 */
export async function openBrowser(ctx) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS, "--proxy-server=http://127.0.0.1:9"],
    timeout: 30_000,
  });
  const close = () => withTimeout(browser.close(), 15_000, "closing Chromium");
  try {
    ctx.defer("close Chromium", close);
  } catch (error) {
    await close(); // the suite ended while Chromium was starting
    throw error;
  }
  const context = await browser.newContext();
  const blocked = [];
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:" || url.protocol === "blob:" || isLoopbackHost(url.hostname)) return;
    blocked.push(url.href);
  });
  return { browser, context, blocked };
}
