import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { ChildHandle } from "../bench/lib/process.mjs";
import { postgresFolder, postgresUser, runAsPostgres } from "./system-user.mjs";
import { waitForPostgres } from "./wait-for-postgres.mjs";

export const PG_BIN = process.env.PG_BIN || "/usr/lib/postgresql/15/bin";
const deployConf = path.resolve(import.meta.dirname, "../deploy/postgres/workshift.conf");

/**
 * One PostgreSQL server of the test's own, in a folder of its own: a primary
 * made with initdb (with deploy/postgres/workshift.conf included, as the
 * operations guide says), or a streaming replica of one made with
 * pg_basebackup. It can be stopped and started again on the same port.
 */
export class PostgresServer {
  constructor(label, dataDir, port) {
    this.label = label;
    this.dataDir = dataDir;
    this.port = port;
    this.child = null;
  }

  /** A primary: initdb with trust on loopback, our configuration included. */
  static async primary(dir, port) {
    const dataDir = postgresFolder(path.join(dir, "primary"));
    runAsPostgres(path.join(PG_BIN, "initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--locale=C",
    ]);
    fs.appendFileSync(path.join(dataDir, "postgresql.conf"), `\ninclude '${deployConf}'\n`);
    const server = new PostgresServer("postgres primary", dataDir, port);
    await server.start();
    return server;
  }

  /** A replica of `primary`: pg_basebackup as the replicator role, which writes standby.signal and primary_conninfo. */
  static async replicaOf(primary, dir, port) {
    const dataDir = postgresFolder(path.join(dir, "replica"));
    fs.rmSync(dataDir, { recursive: true, force: true });
    postgresFolder(dataDir);
    runAsPostgres(path.join(PG_BIN, "pg_basebackup"), [
      ...["-h", "127.0.0.1", "-p", String(primary.port), "-U", "replicator"],
      ...["-D", dataDir, "-R", "-X", "stream", "-c", "fast"],
    ]);
    const server = new PostgresServer("postgres replica", dataDir, port);
    await server.start();
    return server;
  }

  get adminUrl() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  urlFor(user, database, password) {
    return `postgres://${user}${password ? `:${password}` : ""}@127.0.0.1:${this.port}/${database}`;
  }

  async start() {
    const socketDir = postgresFolder(path.join(path.dirname(this.dataDir), `sockets-${this.port}`));
    const { uid, gid } = postgresUser();
    this.child = new ChildHandle(
      this.label,
      path.join(PG_BIN, "postgres"),
      ["-D", this.dataDir, "-p", String(this.port), "-k", socketDir, "-c", "listen_addresses=127.0.0.1"],
      { uid, gid },
    );
    await this.waitUntilAnswering();
  }

  /** Fast shutdown (SIGINT): sessions are cut, as when an operator restarts it. */
  async stop() {
    if (!this.child) return;
    const child = this.child;
    this.child = null;
    await child.stop({ signal: "SIGINT", graceMs: 20_000 });
  }

  waitUntilAnswering(timeoutMs = 30_000) {
    return waitForPostgres(this.adminUrl, {
      child: this.child,
      timeoutMs,
      describe: (error) => `${this.label} did not answer (${error.message}): ${this.child.describeExit()}`,
    });
  }

  /** Runs SQL as the superuser on `database`. */
  async query(sql, params = [], database = "postgres") {
    const client = new pg.Client({ connectionString: this.urlFor("postgres", database) });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
}
