import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getFreePort } from "../bench/lib/http.mjs";
import { serverMigrate } from "../bench/lib/paths.mjs";
import { Instance, recipeEnvironment } from "./instance.mjs";
import { startNginx } from "./nginx.mjs";
import { startPgbouncer } from "./pgbouncer.mjs";
import { PostgresServer } from "./postgres-server.mjs";
import { startSmsStandIn } from "./sms-stand-in.mjs";
import { selfSignedCertificate } from "./tls.mjs";

/** What `select rolpassword from pg_authid` holds for `role`: its SCRAM secret, never the password. */
async function scramSecretOf(primary, role) {
  const [row] = await primary.query("select rolpassword from pg_authid where rolname = $1", [role]);
  if (!row?.rolpassword?.startsWith("SCRAM-SHA-256$")) throw new Error(`${role} has no SCRAM secret`);
  return row.rolpassword;
}

const rolesSql = path.resolve(import.meta.dirname, "../deploy/postgres/roles.sql");
const WEB_PASSWORD = "web-secret";

/**
 * The production layout of the operations guide on one machine, from its own
 * files in deploy/: a PostgreSQL primary (initdb) and a streaming replica
 * (pg_basebackup), the roles of deploy/postgres/roles.sql, PgBouncer in
 * transaction mode, the migrations run once (workshift-migrate.service), two
 * instances with the recipe's environment, and nginx with TLS in front.
 * Everything lives in a temporary folder and on free loopback ports.
 */
export async function startCluster({ log = () => {} } = {}) {
  try {
    return await startClusterOnce(log);
  } catch (error) {
    // Free ports are chosen first and bound seconds later: another process may take one meanwhile.
    if (!/in use|EADDRINUSE|could not bind|bind\(\) to .* failed/i.test(String(error?.message))) throw error;
    log(`a port was taken meanwhile (${error.message.split("\n")[0]}); starting again on others`);
    return startClusterOnce(log);
  }
}

async function startClusterOnce(log) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-cluster-"));
  fs.chmodSync(dir, 0o755);
  const cluster = { dir, stops: [] };
  const stopAll = async () => {
    for (const stop of cluster.stops.reverse()) await stop().catch(() => undefined);
    cluster.stops = [];
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [primaryPort, replicaPort, bouncerPort, portA, portB, httpPort, httpsPort] = await Promise.all(
      Array.from({ length: 7 }, () => getFreePort()),
    );
    const tls = selfSignedCertificate(dir);

    log("PostgreSQL primary (initdb) and roles");
    const primary = await PostgresServer.primary(dir, primaryPort);
    cluster.stops.push(() => primary.stop());
    execFileSync("psql", [
      ...["-q", "-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-d", "postgres"],
      ...["-v", "ON_ERROR_STOP=1", "-v", "owner_password=owner-secret", "-v", `web_password=${WEB_PASSWORD}`],
      ...["-v", "replica_password=replica-secret", "-f", rolesSql],
    ]);

    log("streaming replica (pg_basebackup)");
    const replica = await PostgresServer.replicaOf(primary, dir, replicaPort);
    cluster.stops.push(() => replica.stop());

    log("PgBouncer");
    const bouncer = await startPgbouncer({
      dir,
      port: bouncerPort,
      primaryPort,
      replicaPort,
      // The SCRAM secret from pg_authid, as the guide's step 3 writes the user list.
      users: [["workshift_web", WEB_PASSWORD, await scramSecretOf(primary, "workshift_web")]],
    });
    cluster.stops.push(() => bouncer.stop());

    const sms = await startSmsStandIn(tls);
    cluster.stops.push(() => sms.close());
    const publicUrl = `https://127.0.0.1:${httpsPort}`;
    const env = {
      ...recipeEnvironment(),
      APP_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: primary.urlFor("workshift", "workshift", "owner-secret"),
      DATABASE_POOL_URL: `postgres://workshift_web:${WEB_PASSWORD}@127.0.0.1:${bouncerPort}/workshift`,
      DATABASE_READ_URL: `postgres://workshift_web:${WEB_PASSWORD}@127.0.0.1:${bouncerPort}/workshift_replica`,
      // A Twilio account of the test's own (the recipe leaves these for the operator to fill in).
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "scale-test-token",
      TWILIO_FROM: "+15551234567",
      TWILIO_API_URL: sms.url,
      NODE_EXTRA_CA_CERTS: tls.cert,
      LOG_LEVEL: "warn",
    };

    log("migrations (workshift-migrate.service)");
    execFileSync(process.execPath, [serverMigrate], { env: { ...process.env, ...env }, stdio: "pipe" });
    // What the guide says to do once the first migration made workshift_app.
    await primary.query("alter role workshift nocreaterole");

    log("two instances");
    const instances = [new Instance("A", portA, env), new Instance("B", portB, env)];
    cluster.stops.push(() => Promise.all(instances.map((instance) => instance.stop())));
    await Promise.all(instances.map((instance) => instance.start()));

    log("nginx");
    const nginx = await startNginx({ dir, instancePorts: [portA, portB], httpPort, httpsPort, tls });
    cluster.stops.push(() => nginx.stop());

    return Object.assign(cluster, {
      primary,
      replica,
      bouncer,
      sms,
      instances,
      nginx,
      env,
      ca: tls.pem,
      url: nginx.url,
      ownerUrl: env.DATABASE_URL,
      stop: stopAll,
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
}
