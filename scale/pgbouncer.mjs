import fs from "node:fs";
import path from "node:path";
import { ChildHandle } from "../bench/lib/process.mjs";
import { postgresFolder, postgresUser } from "./system-user.mjs";
import { waitForPostgres } from "./wait-for-postgres.mjs";

const recipe = path.resolve(import.meta.dirname, "../deploy/pgbouncer/pgbouncer.ini");

/**
 * deploy/pgbouncer/pgbouncer.ini as the operations guide gives it, with only
 * what is this test's own replaced: the ports, the folders, the user list.
 */
export function pgbouncerConfig({ dir, port, primaryPort, replicaPort, userlist }) {
  const text = fs.readFileSync(recipe, "utf8");
  const replaced = text
    .replace(/^(workshift = .*port=)5432/m, `$1${primaryPort}`)
    .replace(/^(workshift_replica = .*port=)5433/m, `$1${replicaPort}`)
    .replace(/^listen_port = .*/m, `listen_port = ${port}`)
    .replace(/^auth_file = .*/m, `auth_file = ${userlist}`)
    .replace(/^logfile = .*/m, `logfile = ${path.join(dir, "pgbouncer.log")}`)
    .replace(/^pidfile = .*/m, `pidfile = ${path.join(dir, "pgbouncer.pid")}`);
  for (const [what, value] of [
    ["primary port", `port=${primaryPort}`],
    ["listen port", `listen_port = ${port}`],
  ]) {
    if (!replaced.includes(value)) throw new Error(`deploy/pgbouncer/pgbouncer.ini: the ${what} line was not found`);
  }
  return replaced;
}

/** PgBouncer (Debian's) in transaction mode, run as the postgres user. */
export async function startPgbouncer({ dir, port, primaryPort, replicaPort, users }) {
  const home = postgresFolder(path.join(dir, "pgbouncer"));
  const userlist = path.join(home, "userlist.txt");
  // Each user: [name, password, secret]; the list holds the secret, clients log in with the password.
  fs.writeFileSync(userlist, users.map(([name, , secret]) => `"${name}" "${secret}"\n`).join(""));
  const config = path.join(home, "pgbouncer.ini");
  fs.writeFileSync(config, pgbouncerConfig({ dir: home, port, primaryPort, replicaPort, userlist }));
  const { uid, gid } = postgresUser();
  for (const file of [userlist, config]) fs.chownSync(file, uid, gid);
  const child = new ChildHandle("pgbouncer", "/usr/sbin/pgbouncer", [config], { uid, gid });
  const [name, password] = users[0];
  const url = `postgres://${name}:${password}@127.0.0.1:${port}/workshift`;
  const logFile = path.join(home, "pgbouncer.log");
  await waitForPostgres(url, {
    child,
    timeoutMs: 15_000,
    describe: (error) =>
      `pgbouncer did not answer (${error.message}): ${child.describeExit()} ${fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-2000) : ""}`,
  });
  return { port, child, stop: () => child.stop({ signal: "SIGINT" }) };
}
