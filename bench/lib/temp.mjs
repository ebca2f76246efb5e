import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A new empty folder under the system temp dir, named workshift-bench-<label>-XXXXXX. */
export function makeTempDir(label) {
  return fs.mkdtemp(path.join(os.tmpdir(), `workshift-bench-${label.replace(/[^\w-]/g, "_")}-`));
}

/** Removes a folder made by makeTempDir, refusing anything outside the system temp dir. */
export async function removeTempDir(dir) {
  const relative = path.relative(os.tmpdir(), dir);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new Error(`refusing to remove ${dir}: not inside ${os.tmpdir()}`);
  }
  await fs.rm(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
}
