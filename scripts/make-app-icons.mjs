/**
 * Draws the installable app's icons (web/public/icons/*.png) from the logo
 * (web/public/favicon.svg) with the same Chromium the end-to-end tests use.
 * The PNGs are committed; run this again only when the logo changes:
 * `node scripts/make-app-icons.mjs`.
 *
 * - icon-192.png, icon-512.png: the logo as it is (rounded, transparent corners);
 * - icon-maskable-512.png: the mark on a full teal square, inside the safe
 *   circle Android crops to (80 % of the side);
 * - apple-touch-icon.png: 180 px, full square (iOS rounds it itself).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import chromiumArgs from "../e2e/chromium-args.json" with { type: "json" };

const root = path.resolve(import.meta.dirname, "..");
const logo = fs.readFileSync(path.join(root, "web/public/favicon.svg"), "utf8");
const out = path.join(root, "web/public/icons");
const teal = "#0f766e";

/** The logo's mark without its rounded square: the bars and the dot. */
const mark = logo
  .replace(/<title>.*<\/title>/, "")
  .replace(/<rect width="32" height="32" rx="8" fill="#0f766e"\/>/, "")
  .replace(/<svg[^>]*>/, "")
  .replace("</svg>", "");

const icons = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  {
    file: "icon-maskable-512.png",
    size: 512,
    // The mark (drawn in 32 units, spanning about 7…25) scaled into the middle 60 %.
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${teal}"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)">${mark}</g></svg>`,
  },
  {
    file: "apple-touch-icon.png",
    size: 180,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${teal}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${mark}</g></svg>`,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: chromiumArgs,
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
    console.log(`web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
