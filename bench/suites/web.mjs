import { gzipSync } from "node:zlib";
import { chromiumUnavailableReason, openBrowser } from "../lib/browser.mjs";
import { withTimeout } from "../lib/time.mjs";

/**
 * The JavaScript a browser downloads to render /signin, gzipped (level 9) and
 * summed, in KB (1024 bytes): headless Chromium opens the page on the real
 * server and waits for network idle; every response that is a script (by
 * resource type or JavaScript content type) counts once per URL.
 */
export default {
  name: "web",
  requires: ["server", "web"],
  timeoutMs: 120_000,
  rows: [{ name: "web.signin_js_gzip_kb", unit: "KB", max: 180 }],

  async run(ctx) {
    const unavailable = chromiumUnavailableReason();
    if (unavailable) {
      ctx.log(`web.signin_js_gzip_kb not measured: ${unavailable}`);
      ctx.skip("web.signin_js_gzip_kb", unavailable);
      return;
    }

    const server = await ctx.startServer({ dataDir: await ctx.freshDataDir() });
    const { context, blocked } = await openBrowser(ctx);
    const page = await context.newPage();

    const scripts = new Map(); // url → Promise<Buffer>
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      const isScript = type === "script" || /javascript|ecmascript/i.test(contentType);
      if (!isScript || scripts.has(response.url())) return;
      if (response.status() < 200 || response.status() >= 300) {
        scripts.set(response.url(), Promise.reject(new Error(`${response.url()} answered ${response.status()}`)));
      } else {
        scripts.set(response.url(), response.body());
      }
      scripts.get(response.url()).catch(() => undefined); // awaited below
    });

    const url = `${server.baseUrl}/signin`;
    const response = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status() ?? "nothing"}, not 200`);

    const bodies = await withTimeout(Promise.all(scripts.values()), 15_000, "reading the script bodies");
    if (bodies.length === 0) throw new Error(`${url} loaded no JavaScript at all; is web/dist a real build?`);
    let raw = 0;
    let gzipped = 0;
    for (const body of bodies) {
      raw += body.length;
      gzipped += gzipSync(body, { level: 9 }).length;
    }
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    const note = [`${bodies.length} script(s), ${kb(raw)} KB before gzip`];
    if (blocked.length > 0) note.push(`${blocked.length} non-loopback request(s) blocked, e.g. ${blocked[0]}`);
    ctx.record("web.signin_js_gzip_kb", gzipped / 1024, note.join("; "));
    ctx.log(`${bodies.length} script(s): ${kb(gzipped)} KB gzipped (${kb(raw)} KB raw)`);
  },
};
