import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * PostgreSQL and PgBouncer refuse to run as root, and CI runs as root: their
 * processes run as the `postgres` system user (Debian's postgresql package
 * makes it), and their folders belong to it.
 */
export function postgresUser() {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** A folder the postgres user owns (mode 0700, as PostgreSQL demands of its data folder). */
export function postgresFolder(dir) {
  const { uid, gid } = postgresUser();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chownSync(dir, uid, gid);
  fs.chmodSync(dir, 0o700);
  return dir;
}

/** Runs a PostgreSQL tool as the postgres user; throws with its output when it fails. */
export function runAsPostgres(command, args) {
  const { uid, gid } = postgresUser();
  try {
    return execFileSync(command, args, { uid, gid, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    throw new Error(`${command} ${args.join(" ")} failed: ${error.stderr || error.message}`);
  }
}
