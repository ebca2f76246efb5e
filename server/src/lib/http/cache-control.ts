import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * What a route's successful answers may be cached as, instead of `no-store` (the API document shows
     * it as `x-cache-control`). A route may also set the header itself.
     */
    cacheControl?: string;
  }
}

const NO_STORE = "no-store";

/**
 * Every API answer defaults to `Cache-Control: no-store`: most carry someone's data (their profile,
 * the team, shifts, timesheets, the company), and neither the browser's disk cache nor a proxy on
 * the way may keep them. A route that may be cached says so in its `config.cacheControl` (or sets
 * the header); a refusal or an error is never cached. The web app's own files keep their own
 * headers (web-app.ts): they are no API answer.
 */
export function installCacheControl(app: FastifyInstance): void {
  app.addHook("onSend", (request, reply, _payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      const declared = request.routeOptions.config?.cacheControl;
      reply.header("cache-control", declared !== undefined && reply.statusCode < 400 ? declared : NO_STORE);
    }
    done();
  });
}
