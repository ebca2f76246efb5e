import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Histogram } from "prom-client";
import type { RequestLabels } from "./metrics.ts";

/** Probes answer every few seconds from the load balancer: they would drown the real traffic's figures. */
const PROBES = new Set(["/api/health", "/api/health/ready"]);

/** What a request that matched no route is counted as (never its raw URL: ids would explode the series). */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * The labels a request is counted under, or null when it is not counted:
 * health probes, and live streams (their duration is the stream's life;
 * workshift_live_streams counts them instead).
 */
export function requestLabels(request: FastifyRequest, reply: FastifyReply): Record<RequestLabels, string> | null {
  const route = request.routeOptions.url;
  if (route !== undefined && PROBES.has(route)) return null;
  const type = reply.raw.getHeader("content-type");
  if (typeof type === "string" && type.startsWith("text/event-stream")) return null;
  return { method: request.method, route: route ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) };
}

/** One histogram observation per answer, once it is sent: nothing else on the request path. */
export function installRequestTiming(app: FastifyInstance, histogram: Histogram<RequestLabels>): void {
  app.addHook("onResponse", (request, reply, done) => {
    const labels = requestLabels(request, reply);
    if (labels) histogram.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
