import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { Db } from "./database.ts";
import { type LoginStanding, loginProblem, memberLoginQuery } from "./member-login.ts";
import { PrimaryPositions } from "./primary-positions.ts";
import { chooseReadPool, type ReadPool, type ReplicaState } from "./read-pool-choice.ts";

/** One server, however it is reached: its cluster's identifier and when it started. */
const serverIdentity = sql.raw(
  "(select system_identifier::text from pg_control_system()) || '@' || pg_postmaster_start_time()::text",
);

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
 * answer, or whose login may not serve (member-login.ts), sends reads to the
 * primary for DOWN_RETRY_MS before the next look, logged once when it stops
 * and once when it serves again.
 *
 * The lag is measured against the primary, not taken from the replica's word:
 * each look also notes the primary's position and when it was seen. The
 * replica is as fresh as the newest noted position it has replayed; one that
 * replayed all it received but is cut off from the primary (or receives
 * slowly) falls behind the notes and so counts as late, on either machine's clock.
 */
export function replicaReads(options: {
  primary: Db;
  replica: Db;
  maxLagMs: number;
  /** The login could not be checked at start (the replica was away): check it at each look until it passes. */
  checkLogin?: boolean;
  log: Pick<FastifyBaseLogger, "warn" | "info" | "error">;
}): ReplicaReads {
  const { primary, replica, maxLagMs, log } = options;
  let loginChecked = !options.checkLogin;
  let last: { state: ReplicaState | null; at: number } | null = null;
  let running: Promise<ReplicaState | null> | null = null;
  let down = false;
  /** Bumped by each failed read, so a look that started before it cannot make the replica healthy again. */
  let generation = 0;
  const noted = new PrimaryPositions(maxLagMs);

  const noteDown = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, "the read replica does not answer: heavy reads go to the primary");
  };

  async function look(): Promise<{ replayed: string; at: number }> {
    // The primary first: a replica found at or past that position held everything committed by then.
    const position = await sql<{ lsn: string; server: string }>`
      select pg_current_wal_lsn()::text as lsn, ${serverIdentity} as server`.execute(primary);
    const seenAt = Date.now();
    const mine = await sql<LoginStanding & { replayed: string | null; recovering: boolean; server: string }>`
      select standing.*, pg_is_in_recovery() as recovering, ${serverIdentity} as server,
        (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as replayed
      from (${sql.raw(memberLoginQuery)}) standing`.execute(replica);
    const row = mine.rows[0];
    const problem = loginChecked ? null : row ? loginProblem(row) : "answered nothing";
    if (problem) {
      // A wrong login is a configuration mistake, not an outage: say so loudly, once per outage.
      if (!down) log.error(`DATABASE_READ_URL logs in as ${row?.login}, which ${problem}: no read goes to the replica`);
      throw new Error(`the replica's login ${problem}`);
    }
    loginChecked = true;
    if (!row?.replayed) throw new Error("the replica reports no replayed position");
    // Not replaying, it is no replica: serving is right only if it is the primary itself (one
    // server named twice). A promoted or detached former replica has a history of its own.
    if (!row.recovering && row.server !== position.rows[0]?.server) {
      if (!down)
        log.error("DATABASE_READ_URL leads to a server that is not a replica of the primary: no read goes there");
      throw new Error("the replica is not replaying the primary's log");
    }
    const primaryAt = position.rows[0]?.lsn;
    if (primaryAt) noted.add(primaryAt, seenAt);
    return { replayed: row.replayed, at: Date.now() };
  }

  async function probe(): Promise<ReplicaState | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      });
      const seen = await Promise.race([look(), timeout]);
      if (down) log.info("the read replica answers again");
      down = false;
      return { replayed: seen.replayed, lagMs: noted.lagOf(seen.replayed, seen.at) };
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
    if (!running) {
      const startedIn = generation;
      running = probe()
        .then((value) => {
          if (startedIn === generation) last = { state: value, at: Date.now() };
          return startedIn === generation ? value : null;
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  }

  return {
    async choose(written) {
      const pool = chooseReadPool({ written, replica: await state(), maxLagMs });
      return { pool, db: pool === "replica" ? replica : primary };
    },
    failed(error) {
      generation += 1;
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
