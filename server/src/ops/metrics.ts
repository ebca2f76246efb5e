import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { cached } from "../lib/cached.ts";
import type { OutboxDepth } from "./outbox-depth.ts";

/** Where the gauges read their values, at scrape time (nothing is counted on the request path). */
type PoolCounts = Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">;

export interface MetricSources {
  /** The database's connection pools, by name ("primary", …). */
  pools(): Array<{ name: string; pool: PoolCounts }>;
  /** The outbox's queue, queried from the database. */
  outbox(): Promise<OutboxDepth>;
  /** Open server-sent event streams, by hub. */
  liveStreams(): Array<{ hub: string; open: number }>;
  /** The read replica's lag in seconds (null when it does not answer); null without a replica. */
  replicaLagSeconds?: (() => Promise<number | null>) | null;
  log: Pick<FastifyBaseLogger, "warn">;
}

export type RequestLabels = "method" | "route" | "status_code";

export interface AppMetrics {
  registry: Registry;
  requestDuration: Histogram<RequestLabels>;
  /** Heavy reads (inTenantRead), by the pool that served them: counted on the request path. */
  heavyReads: Counter<"pool">;
}

/** Scrapes that come together (or a second apart) share one outbox query. */
const OUTBOX_FRESH_MS = 1000;

/**
 * One registry per application (so tests can build several), holding the
 * process's default metrics, the request durations observed by the
 * onResponse hook, and gauges read from their sources when scraped.
 */
export function createMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram<RequestLabels>({
    name: "workshift_http_request_duration_seconds",
    help: "Time to answer an API request, by method, route template and status code.",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const poolGauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["pool"],
      registers,
      collect() {
        this.reset();
        for (const { name: pool, pool: counts } of sources.pools()) this.set({ pool }, read(counts));
      },
    });
  poolGauge(
    "workshift_db_pool_connections",
    "Open database connections of the pool (idle and in use).",
    (pool) => pool.totalCount,
  );
  poolGauge(
    "workshift_db_pool_idle_connections",
    "Open database connections no query is using.",
    (pool) => pool.idleCount,
  );
  poolGauge(
    "workshift_db_pool_waiting_queries",
    "Queries waiting for a connection because every one is in use.",
    (pool) => pool.waitingCount,
  );

  const outbox = cached(
    () =>
      sources.outbox().catch((error: unknown) => {
        sources.log.warn({ err: error }, "metrics: cannot read the outbox");
        return null;
      }),
    OUTBOX_FRESH_MS,
  );
  new Gauge({
    name: "workshift_outbox_messages",
    help: "Messages (SMS, email) not yet delivered: state pending (waiting, including retries later), due (pending and due now), sending (claimed by a worker).",
    labelNames: ["state"],
    registers,
    async collect() {
      this.reset();
      const depth = await outbox();
      if (!depth) return;
      this.set({ state: "pending" }, depth.pending);
      this.set({ state: "due" }, depth.due);
      this.set({ state: "sending" }, depth.sending);
    },
  });
  new Gauge({
    name: "workshift_outbox_oldest_message_age_seconds",
    help: "Age of the oldest message not yet delivered (0 when none).",
    registers,
    async collect() {
      this.reset();
      const depth = await outbox();
      if (depth) this.set(depth.oldestAgeSeconds);
    },
  });

  new Gauge({
    name: "workshift_live_streams",
    help: "Open live-update (server-sent event) streams on this instance, by hub.",
    labelNames: ["hub"],
    registers,
    collect() {
      this.reset();
      for (const { hub, open } of sources.liveStreams()) this.set({ hub }, open);
    },
  });

  const heavyReads = new Counter<"pool">({
    name: "workshift_db_reads_total",
    help: "Heavy reads (timesheets, exports, month, overview), by the pool that served them: replica or primary.",
    labelNames: ["pool"],
    registers,
  });
  const replicaLag = sources.replicaLagSeconds;
  if (replicaLag) {
    new Gauge({
      name: "workshift_db_replica_up",
      help: "Whether the read replica answers (1) or heavy reads all go to the primary because it does not (0).",
      registers,
      async collect() {
        this.set((await replicaLag()) === null ? 0 : 1);
      },
    });
    new Gauge({
      name: "workshift_db_replica_lag_seconds",
      help: "How far the read replica's replay is behind the primary (NaN while it does not answer).",
      registers,
      async collect() {
        this.set((await replicaLag()) ?? Number.NaN);
      },
    });
  }

  return { registry, requestDuration, heavyReads };
}
