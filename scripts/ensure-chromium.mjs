#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium (no browser download works on
// these machines). Install it when missing and we are root; otherwise say how.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}; install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.error(`Chromium is missing at ${CHROMIUM}; installing Debian's chromium package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing; set CHROMIUM_PATH to the browser.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
