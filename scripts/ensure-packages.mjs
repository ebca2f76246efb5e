// Some tests drive Debian programs (no downloads work on these machines):
// install the missing ones with apt when we are root; otherwise say how.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** `wanted`: [{ file, pkg }]; installs the packages whose file is missing, in one apt run. */
export function ensurePackages(wanted) {
  const missing = wanted.filter(({ file }) => !fs.existsSync(file));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(({ pkg }) => pkg))];
  const files = missing.map(({ file }) => file).join(", ");
  if (process.getuid?.() !== 0) {
    console.error(`Missing ${files}; install with: sudo apt-get install -y ${packages.join(" ")}`);
    process.exit(1);
  }
  console.error(`Missing ${files}; installing Debian's ${packages.join(", ")}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
  const still = missing.filter(({ file }) => !fs.existsSync(file));
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.map(({ file }) => file).join(", ")} is still missing.`);
    process.exit(1);
  }
}
