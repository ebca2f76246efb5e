import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

let next = 0;

/**
 * Runs `work` in a savepoint of the transaction: when it throws, what it
 * wrote is rolled back (a refused decision of a bulk, a trial approval) and
 * the rest of the transaction goes on.
 */
export async function inSavepoint<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  next = (next + 1) % 1_000_000;
  const name = sql.raw(`request_step_${next}`);
  await sql`savepoint ${name}`.execute(tx);
  try {
    const result = await work();
    await sql`release savepoint ${name}`.execute(tx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(tx);
    await sql`release savepoint ${name}`.execute(tx);
    throw error;
  }
}
