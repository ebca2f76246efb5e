import { type Expression, sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Reads that travel together: every read asked for before the batch next
 * flushes (the callers' synchronous work between two round trips) goes to
 * the database as one statement, each read a JSON array of its rows. A
 * page's impact asks for a dozen small things in two or three waves; a round
 * trip each would cost more than the reads themselves on a busy machine.
 *
 * Rows come back as JSON: instants as ISO strings, numerics as numbers,
 * jsonb as it is.
 */

interface Pending {
  query: Expression<unknown>;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

export class ReadBatch {
  readonly #tx: Tx;
  #pending: Pending[] = [];
  #scheduled = false;
  /** Statements sent so far (tests and benchmarks read it). */
  statements = 0;

  constructor(tx: Tx) {
    this.#tx = tx;
  }

  /** The rows of a query, sent with whatever else is asked for before the next flush. */
  rows<T>(query: Expression<unknown>): Promise<T[]> {
    return new Promise<unknown[]>((resolve, reject) => {
      this.#pending.push({ query, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // After the promise jobs of the callers now running: their next reads join this statement.
        setImmediate(() => void this.#flush());
      }
    }) as Promise<T[]>;
  }

  async #flush(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    this.#scheduled = false;
    if (batch.length === 0) return;
    const columns = batch.map(
      (item, i) => sql`(select coalesce(json_agg(q), '[]'::json) from (${item.query}) as q) as ${sql.ref(`r${i}`)}`,
    );
    try {
      this.statements++;
      const result = await sql<Record<string, unknown>>`select ${sql.join(columns)}`.execute(this.#tx);
      const row = result.rows[0] ?? {};
      batch.forEach((item, i) => {
        const value = row[`r${i}`];
        item.resolve((typeof value === "string" ? JSON.parse(value) : (value ?? [])) as unknown[]);
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}

/** The row of a Kysely query as it comes back through a batch (JSON: instants as strings). */
export type Row<Q> = Q extends { execute(): Promise<(infer R)[]> } ? JsonRow<R> : never;
type JsonRow<R> = { [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K] };
