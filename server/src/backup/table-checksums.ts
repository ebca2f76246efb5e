import type pg from "pg";

/** One table's (or sequence's) fingerprint: how many rows, and an md5 over them all. */
export interface TableChecksum {
  name: string;
  rows: number;
  checksum: string;
}

/** One name on both sides; a side missing it is null. */
export interface ChecksumComparison {
  name: string;
  source: TableChecksum | null;
  target: TableChecksum | null;
  ok: boolean;
}

// Pinned so that a row's text, and so its md5, is the same on any server and version.
const FIXED_OUTPUT = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local extra_float_digits = 1",
  "set local bytea_output = 'hex'",
  // A query that row-level security would filter fails instead: a count is never silently short.
  "set local row_security = off",
];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table and sequence of the public schema, fingerprinted inside the
 * caller's transaction. A table's checksum is the md5 of its rows' md5s in
 * sorted order, so it depends on the rows alone (not on their physical order,
 * the collation or the primary key's type); a sequence's is the md5 of its
 * last value and whether it was called. Needs a user that row-level security
 * does not apply to (the tables' owner or a superuser).
 */
export async function checksumsInTransaction(client: pg.ClientBase): Promise<TableChecksum[]> {
  for (const statement of FIXED_OUTPUT) await client.query(statement);
  const { rows: relations } = await client.query<{ name: string; kind: string }>(
    `select relname as name, relkind as kind from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'S')
     order by relname collate "C"`,
  );
  const result: TableChecksum[] = [];
  for (const { name, kind } of relations) {
    if (kind === "S") {
      const { rows } = await client.query<{ checksum: string }>(
        `select md5(last_value::text || ':' || is_called::text) as checksum from public.${quote(name)}`,
      );
      result.push({ name: `${name} (sequence)`, rows: 1, checksum: rows[0]?.checksum ?? "" });
      continue;
    }
    const { rows } = await client.query<{ rows: number; checksum: string }>(
      `select count(*)::int as rows,
              md5(coalesce(string_agg(row_md5, '' order by row_md5 collate "C"), '')) as checksum
       from (select md5(t::text) as row_md5 from public.${quote(name)} t) rows`,
    );
    result.push({ name, rows: rows[0]?.rows ?? 0, checksum: rows[0]?.checksum ?? "" });
  }
  return result;
}

/** The same, in a read-only snapshot of its own (consistent while a server writes). */
export async function tableChecksums(pool: pg.Pool): Promise<TableChecksum[]> {
  const client = await pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const checksums = await checksumsInTransaction(client);
    await client.query("commit");
    return checksums;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Side by side, by name: a table missing on one side, or differing, is not ok. */
export function compareChecksums(source: TableChecksum[], target: TableChecksum[]): ChecksumComparison[] {
  const sourceByName = new Map(source.map((entry) => [entry.name, entry]));
  const targetByName = new Map(target.map((entry) => [entry.name, entry]));
  const names = [...new Set([...sourceByName.keys(), ...targetByName.keys()])].sort();
  return names.map((name) => {
    const from = sourceByName.get(name) ?? null;
    const to = targetByName.get(name) ?? null;
    const ok = from !== null && to !== null && from.rows === to.rows && from.checksum === to.checksum;
    return { name, source: from, target: to, ok };
  });
}

/** A plain-text table (table, rows, checksum, ok); where the sides differ, both values, source first. */
export function formatComparison(comparison: ChecksumComparison[]): string {
  const both = (a: string | undefined, b: string | undefined) => (a === b ? (a ?? "-") : `${a ?? "-"} / ${b ?? "-"}`);
  const lines = comparison.map((entry) => [
    entry.name,
    both(entry.source?.rows.toString(), entry.target?.rows.toString()),
    both(entry.source?.checksum, entry.target?.checksum),
    entry.ok ? "ok" : "MISMATCH",
  ]);
  const header = ["table", "rows", "checksum", "ok"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  return [format(header), ...lines.map(format)].join("\n");
}
