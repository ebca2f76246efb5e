import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import chromiumArgs from "./chromium-args.json" with { type: "json" };

/** Flags for Debian's Chromium on these machines (shared with the benchmarks: e2e/chromium-args.json). */
export const CHROMIUM_ARGS: string[] = chromiumArgs;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export const baseUrl = () => inject("baseUrl");

export interface Watched {
  page: Page;
  context: BrowserContext;
  /** Closes the context; Chromium sometimes never answers a close right after a page navigated away. */
  close(): Promise<void>;
  /** Console errors, page errors and Content-Security-Policy violations seen so far. */
  problems: string[];
}

/** A fresh context (own storage) whose page reports what went wrong in it. */
// Test files run in several workers: each starts at its own random point of the range.
let pagesOpened = Math.floor(Math.random() * 60_000);

/** An address in 198.18.0.0/15 (reserved for benchmarking, RFC 2544) per page. */
function nextClientAddress(): string {
  pagesOpened += 1;
  return `198.${18 + (Math.floor(pagesOpened / 65_024) % 2)}.${Math.floor(pagesOpened / 254) % 256}.${(pagesOpened % 254) + 1}`;
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string } = {},
): Promise<Watched> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? "en-US",
    // Each page is a person on their own network (the server trusts one proxy hop in these tests):
    // otherwise every test shares 127.0.0.1 and its budget of 30 codes an hour per address.
    extraHTTPHeaders: { "x-forwarded-for": nextClientAddress() },
  });
  // A step that cannot happen fails with its own message, well before the test's time runs out.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const close = async () => {
    const closing = page
      .close()
      .catch(() => undefined)
      .then(() => context.close())
      .catch(() => undefined);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5000))]);
  };
  return { page, context, problems, close };
}

/** What openPage takes: the viewport and the browser's locale. */
export type PageOptions = Parameters<typeof openPage>[1];

/**
 * One browser for a test file: launched before its tests, closed after them
 * with every page it opened. Returns `open`, openPage on that browser. Call it
 * once at the top of the file (it registers the file's hooks).
 */
export function browserForFile(): (options?: PageOptions) => Promise<Watched> {
  let browser: Browser | undefined;
  const opened: Watched[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const watched of opened) await watched.close();
    await browser?.close();
  });
  return async (options = {}) => {
    if (!browser) throw new Error("pages open once the file's browser has launched (in a test or a hook)");
    const watched = await openPage(browser, options);
    opened.push(watched);
    return watched;
  };
}
