import type { Registry } from "prom-client";
import type { OpsRoutes } from "./ops-server.ts";

/** GET /metrics on the operations server: the registry in Prometheus's text format. */
export function metricsRoute(registry: Registry): OpsRoutes {
  return (app) => {
    app.get("/metrics", async (_request, reply) => {
      const body = await registry.metrics();
      return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(body);
    });
  };
}
