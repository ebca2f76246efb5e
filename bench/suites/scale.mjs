import { startCluster } from "../../scale/cluster.mjs";
import { employees, measureFanout, punchBurstWithKill, signUpOwner } from "../../scale/scenarios.mjs";
import { median } from "../lib/stats.mjs";
import { percentile } from "./users.mjs";

const FANOUT_PUNCHES = 200;
const BURST_PEOPLE = 400;

/**
 * The production layout of docs/operations.md (PostgreSQL with a streaming
 * replica, PgBouncer in transaction mode, two instances, nginx with TLS),
 * started from deploy/ as the production-layout test starts it.
 * - scale.fanout_p95_ms: a manager follows the time clock on instance B while
 *   people clock in one after another through instance A; from sending the
 *   punch to the event arriving on B. Target ≤ 200.
 * - scale.failover_lost: a burst of clock-ins through nginx over 3 s with
 *   instance A killed (SIGKILL) a second in, clients retrying as the phone app
 *   does; punches missing or doubled afterwards. Target 0.
 */
export default {
  name: "scale",
  requires: ["server", "web"],
  timeoutMs: 240_000,
  rows: [
    { name: "scale.fanout_p95_ms", unit: "ms", max: 200 },
    { name: "scale.failover_lost", unit: "punches", max: 0 },
  ],

  async run(ctx) {
    const cluster = await startCluster({ log: (message) => ctx.log(message) });
    ctx.defer("stop the production layout", () => cluster.stop());
    const owner = await signUpOwner(cluster);
    const [a, b] = cluster.instances;

    const watched = await employees(cluster, owner.organizationId, FANOUT_PUNCHES, "72");
    const latencies = await measureFanout(cluster, owner, watched, { from: a, to: b });
    const missed = latencies.filter((ms) => !Number.isFinite(ms)).length;
    ctx.record(
      "scale.fanout_p95_ms",
      percentile(latencies, 95),
      `${FANOUT_PUNCHES} punches on A, one at a time, each heard on B; median ${median(latencies).toFixed(1)} ms${missed ? `; ${missed} never heard` : ""}; PgBouncer, PostgreSQL`,
    );

    const burst = await employees(cluster, owner.organizationId, BURST_PEOPLE, "73");
    const result = await punchBurstWithKill(cluster, owner.organizationId, burst);
    ctx.record(
      "scale.failover_lost",
      result.missing + result.duplicated,
      `${result.missing} missing, ${result.duplicated} doubled of ${BURST_PEOPLE}; ${result.retried} sent again after A died; ${result.refused.length} refused`,
    );
  },
};
