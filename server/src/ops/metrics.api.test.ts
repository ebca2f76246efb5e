import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../test/auth.ts";
import { eventually, openStream } from "../../test/event-stream.ts";
import { until } from "../../test/outbox.ts";
import { makeBoard } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { metricsRoute } from "./metrics-route.ts";
import { type OpsServer, startOpsServer } from "./ops-server.ts";

const TOKEN = "metrics-token-0123456789abcdef";

let server: TestServer;
let ops: OpsServer;
let guarded: OpsServer;
beforeAll(async () => {
  server = await startTestServer({
    metrics: true,
    extend(app) {
      app.get("/api/test/items/:id", { config: { access: "public" } }, async () => ({ ok: true }));
    },
  });
  const registry = server.app.metrics?.registry;
  if (!registry) throw new Error("metrics are off");
  const options = { host: "127.0.0.1", port: 0, log: server.app.log, routes: [metricsRoute(registry)] };
  ops = await startOpsServer({ ...options, token: null });
  guarded = await startOpsServer({ ...options, token: TOKEN });
});
afterAll(async () => {
  await Promise.all([ops.close(), guarded.close()]);
  await server.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(`${ops.url}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one sample (`name{labels} value`), or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("the operations server's /metrics", () => {
  it("answers Prometheus's text format with the application's and the process's metrics", async () => {
    const response = await fetch(`${ops.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await response.text();
    for (const name of [
      "workshift_http_request_duration_seconds",
      "workshift_db_pool_connections",
      "workshift_db_pool_idle_connections",
      "workshift_db_pool_waiting_queries",
      "workshift_outbox_messages",
      "workshift_outbox_oldest_message_age_seconds",
      "workshift_live_streams",
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'workshift_db_pool_connections{pool="primary"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'workshift_db_pool_waiting_queries{pool="primary"}')).toBe(0);
  });

  it("counts a request under its route's template, never its raw URL", async () => {
    await server.request("/api/test/items/4f1c2a");
    await server.request("/api/test/items/9b7e31");
    await server.request("/api/no-such-route/123");
    const text = await scrape();
    expect(
      sample(
        text,
        'workshift_http_request_duration_seconds_count{method="GET",route="/api/test/items/:id",status_code="200"}',
      ),
    ).toBe(2);
    expect(text).not.toContain("4f1c2a");
    expect(text).toMatch(
      /workshift_http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} \d/,
    );
    expect(text).not.toContain("no-such-route");
  });

  it("leaves the health probes out of the request durations", async () => {
    await server.request("/api/health");
    await server.request("/api/health/ready");
    expect(await scrape()).not.toMatch(/route="\/api\/health/);
  });

  it("shows messages waiting in the outbox and the age of the oldest", async () => {
    // Signing up queues a code, and no worker runs in these tests.
    await signUp(server);
    // Scrapes within a second share one outbox query: the next fresh one sees the code.
    const text = await until(async () => {
      const scraped = await scrape();
      return (sample(scraped, 'workshift_outbox_messages{state="pending"}') ?? 0) >= 1 ? scraped : null;
    }, "the queued code in the outbox metrics");
    expect(sample(text, "workshift_outbox_oldest_message_age_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("counts open live streams by hub, and neither counts them as requests", async () => {
    const owner = await signUp(server);
    const board = await makeBoard(owner.organizationId, "Downtown");
    const stream = await openStream(server, owner.access, board);
    try {
      expect(stream.status).toBe(200);
      const text = await scrape();
      expect(sample(text, 'workshift_live_streams{hub="schedule"}')).toBe(1);
      expect(sample(text, 'workshift_live_streams{hub="time_clock"}')).toBe(0);
      expect(sample(text, 'workshift_live_streams{hub="requests"}')).toBe(0);
    } finally {
      stream.close();
    }
    await eventually(() => server.app.scheduleEvents.size === 0, 5000, "the stream left the hub");
    expect(await scrape()).not.toContain('route="/api/schedule/events"');
  });

  it("needs the bearer token when one is set: 401 without it or with another", async () => {
    const without = await fetch(`${guarded.url}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await without.json()).toEqual({
      error: "This address needs the operations token",
      code: "ops_token_required",
    });
    const wrong = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("workshift_http_request_duration_seconds");
  });

  it("is not served on the API's port", async () => {
    const response = await server.request("/metrics");
    expect(response.status).toBe(404);
    expect(response.text).not.toContain("workshift_");
  });
});

describe("an application without metrics", () => {
  it("collects none and adds no hook", async () => {
    const plain = await startTestServer();
    try {
      expect(plain.app.metrics).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
