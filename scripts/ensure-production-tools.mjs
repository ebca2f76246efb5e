#!/usr/bin/env node
// The production-layout test starts its own PostgreSQL primary and replica,
// PgBouncer and nginx from Debian's packages, and makes a certificate with openssl.
import { ensurePackages } from "./ensure-packages.mjs";

const PG_BIN = process.env.PG_BIN || "/usr/lib/postgresql/15/bin";

export function ensureProductionTools() {
  ensurePackages([
    { file: `${PG_BIN}/initdb`, pkg: "postgresql" },
    { file: `${PG_BIN}/pg_basebackup`, pkg: "postgresql" },
    { file: "/usr/bin/psql", pkg: "postgresql-client" },
    { file: "/usr/sbin/pgbouncer", pkg: "pgbouncer" },
    { file: "/usr/sbin/nginx", pkg: "nginx-light" },
    { file: "/usr/bin/openssl", pkg: "openssl" },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureProductionTools();
