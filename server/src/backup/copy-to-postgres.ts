import type pg from "pg";
import { type MigrationFile, runMigrations } from "../lib/db/migrate.ts";
import { type ForeignKey, foreignKeyOrder } from "./foreign-key-order.ts";
import { type ChecksumComparison, checksumsInTransaction, compareChecksums } from "./table-checksums.ts";

/** The target is not a fit place for the copy (it holds data, or another schema); nothing was written. */
export class CopyRefused extends Error {
  override name = "CopyRefused";
}

export interface CopyResult {
  comparison: ChecksumComparison[];
  /** Every table and sequence matched, and the copy was committed; otherwise it was rolled back. */
  ok: boolean;
}

const BATCH_ROWS = 1000;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every row of the embedded database (`source`, a pool on PGlite as its
 * superuser) into an empty PostgreSQL (`target`). Both are first brought to our
 * migrations, so the target's schema, role, policies and grants are exactly
 * what the migrations make there; then the rows go over in one transaction, in
 * foreign-key order, with sequences set to the source's values and the
 * source's `schema_migrations`. Each table's count and checksum are compared
 * inside that transaction: on any difference it is rolled back, so the target
 * ends with all of the data or none of it.
 */
export async function copyToPostgres(
  source: pg.Pool,
  target: pg.Pool,
  migrations: MigrationFile[],
): Promise<CopyResult> {
  await withClient(target, refuseIfHoldsData);
  await runMigrations(source, migrations);
  await runMigrations(target, migrations);

  const from = await source.connect();
  const to = await target.connect();
  try {
    await from.query("begin isolation level repeatable read read only");
    await to.query("begin");
    // Policies must not hide rows from the copy; with this off, one that would makes it fail instead.
    await from.query("set local row_security = off");
    await to.query("set local row_security = off");
    // Again inside the transaction: a server may have started on the target meanwhile.
    await refuseIfHoldsData(to);
    await refuseOtherMigrations(from, to);

    const { order, selfReferencing } = await copyOrder(to);
    await to.query("delete from schema_migrations");
    for (const table of order) await copyTable(from, to, table, selfReferencing.has(table));
    await copySequences(from, to);

    const comparison = compareChecksums(await checksumsInTransaction(from), await checksumsInTransaction(to));
    const ok = comparison.every((entry) => entry.ok);
    await to.query(ok ? "commit" : "rollback");
    await from.query("commit");
    return { comparison, ok };
  } catch (error) {
    await to.query("rollback").catch(() => undefined);
    await from.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    to.release();
    from.release();
  }
}

async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

async function publicTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select relname as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname collate "C"`,
  );
  return rows.map((row) => row.name);
}

/** Any row in any table but the migrations' record means someone uses this database. */
async function refuseIfHoldsData(client: pg.ClientBase): Promise<void> {
  const tables = (await publicTables(client)).filter((table) => table !== "schema_migrations");
  const used: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ used: boolean }>(
      `select exists (select 1 from public.${quote(table)}) as used`,
    );
    if (rows[0]?.used) used.push(table);
  }
  if (used.includes("organizations")) {
    throw new CopyRefused(
      "The database in DATABASE_URL already holds an organization; copy only into a new, empty database (e.g. createdb workshift).",
    );
  }
  if (used.length > 0) {
    throw new CopyRefused(
      `The database in DATABASE_URL already holds data (in ${used.slice(0, 3).join(", ")}); copy only into a new, empty database.`,
    );
  }
}

async function refuseOtherMigrations(from: pg.ClientBase, to: pg.ClientBase): Promise<void> {
  const applied = async (client: pg.ClientBase) =>
    (await client.query<{ m: string }>(`select name || ':' || checksum as m from schema_migrations order by 1`)).rows
      .map((row) => row.m)
      .join(",");
  if ((await applied(from)) !== (await applied(to))) {
    throw new CopyRefused(
      "The database in DATABASE_URL has migrations the embedded database lacks (a newer Workshift made it); copy with the same version into a new, empty database.",
    );
  }
}

async function copyOrder(client: pg.ClientBase): Promise<{ order: string[]; selfReferencing: Set<string> }> {
  const { rows: keys } = await client.query<ForeignKey>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint c
     join pg_class child on child.oid = c.conrelid
     join pg_class parent on parent.oid = c.confrelid
     where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  return {
    order: foreignKeyOrder(await publicTables(client), keys),
    selfReferencing: new Set(keys.filter((key) => key.child === key.parent).map((key) => key.child)),
  };
}

/**
 * Rows leave the source as JSON through a cursor and enter the target through
 * json_populate_recordset, which reads each value back as its column's type.
 * Generated columns are left for the target to compute; identity values are
 * kept (overriding system value). A table whose rows name each other goes in
 * one statement, whose foreign keys are checked at its end, whatever the order.
 */
async function copyTable(
  from: pg.ClientBase,
  to: pg.ClientBase,
  table: string,
  selfReferencing: boolean,
): Promise<void> {
  const qualified = `public.${quote(table)}`;
  const { rows: columns } = await to.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [qualified],
  );
  const list = columns.map((column) => quote(column.name)).join(", ");
  const insert = `insert into ${qualified} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::${qualified}, $1::json)`;

  await from.query(`declare copy_rows no scroll cursor for select to_json(t)::text as row from ${qualified} t`);
  let pending: string[] = [];
  for (;;) {
    const { rows } = await from.query<{ row: string }>(`fetch ${BATCH_ROWS} from copy_rows`);
    pending.push(...rows.map((row) => row.row));
    const done = rows.length < BATCH_ROWS;
    if (pending.length > 0 && (done || !selfReferencing)) {
      await to.query(insert, [`[${pending.join(",")}]`]);
      pending = [];
    }
    if (done) break;
  }
  await from.query("close copy_rows");
}

async function copySequences(from: pg.ClientBase, to: pg.ClientBase): Promise<void> {
  const { rows: sequences } = await to.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S'`,
  );
  for (const { name } of sequences) {
    const qualified = `public.${quote(name)}`;
    const { rows } = await from.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified}`,
    );
    const state = rows[0];
    if (!state) continue;
    await to.query("select setval($1::regclass, $2::bigint, $3)", [qualified, state.last_value, state.is_called]);
  }
}
