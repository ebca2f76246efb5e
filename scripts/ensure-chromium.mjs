#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium (no browser download works on these machines).
import { ensurePackages } from "./ensure-packages.mjs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function ensureChromium() {
  ensurePackages([{ file: CHROMIUM, pkg: "chromium" }]);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
