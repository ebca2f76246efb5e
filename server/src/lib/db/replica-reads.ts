import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { Db } from "./database.ts";
import { chooseReadPool, type ReadPool, type ReplicaState } from "./read-pool-choice.ts";

/** How long one look at the replica's position serves every read of this process. */
const STATE_FRESH_MS = 200;
/** A look that takes longer counts as the replica not answering: no read waits long on a replica in trouble. */
const PROBE_TIMEOUT_MS = 1000;
/** While the replica does not answer, how often to look again (reads meanwhile go straight to the primary). */
const DOWN_RETRY_MS = 5000;

export interface ReplicaReads {
  /** Where a replica-eligible read goes, given the WAL position of the reader's last write (or null). */
  choose(written: string | null): Promise<{ pool: ReadPool; db: Db }>;
  /** A read failed on the replica for a reason of its own: reads go to the primary until it answers again. */
  failed(error: unknown): void;
  /** The primary's current WAL position: every write committed so far is at or before it. */
  primaryPosition(): Promise<string>;
  /** The replica's lag as last seen, in seconds; null when it does not answer. */
  lagSeconds(): Promise<number | null>;
}

/**
 * The replica's replayed position and lag, looked at once per STATE_FRESH_MS
 * per process (reads in between share the answer). A replica that does not
 * answer sends reads to the primary for DOWN_RETRY_MS before the next look,
 * logged once when it stops answering and once when it answers again.
 */
export function replicaReads(options: {
  primary: Db;
  replica: Db;
  maxLagMs: number;
  log: Pick<FastifyBaseLogger, "warn" | "info">;
}): ReplicaReads {
  const { primary, replica, maxLagMs, log } = options;
  let last: { state: ReplicaState | null; at: number } | null = null;
  let running: Promise<ReplicaState | null> | null = null;
  let down = false;

  const noteDown = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, "the read replica does not answer: heavy reads go to the primary");
  };

  async function probe(): Promise<ReplicaState | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      // A replica promoted (or a test pointing it at the primary) has everything it has written.
      // "Replayed all it received" means caught up only while it still receives: a replica cut
      // off from its primary (no WAL receiver) counts its lag from the last commit it replayed.
      const look = sql<{ replayed: string | null; lag_ms: number | string | null }>`
        select case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end::text as replayed,
          case when not pg_is_in_recovery()
              or (pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() and exists (select 1 from pg_stat_wal_receiver)) then 0
            else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0) end as lag_ms
      `.execute(replica);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      });
      const [row] = (await Promise.race([look, timeout])).rows;
      if (!row?.replayed) throw new Error("the replica reports no replayed position");
      if (down) log.info("the read replica answers again");
      down = false;
      return { replayed: row.replayed, lagMs: Math.max(0, Number(row.lag_ms ?? 0)) };
    } catch (error) {
      noteDown(error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  function state(): Promise<ReplicaState | null> {
    if (last && Date.now() - last.at < (last.state ? STATE_FRESH_MS : DOWN_RETRY_MS))
      return Promise.resolve(last.state);
    running ??= probe()
      .then((value) => {
        last = { state: value, at: Date.now() };
        return value;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    async choose(written) {
      const pool = chooseReadPool({ written, replica: await state(), maxLagMs });
      return { pool, db: pool === "replica" ? replica : primary };
    },
    failed(error) {
      last = { state: null, at: Date.now() };
      noteDown(error);
    },
    async primaryPosition() {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary);
      return rows[0]?.lsn ?? "0/0";
    },
    async lagSeconds() {
      const known = await state();
      return known ? known.lagMs / 1000 : null;
    },
  };
}
