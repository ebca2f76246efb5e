import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { bearerMatches } from "./bearer-token.ts";

/** Adds routes to the operations server (metrics, and whatever else operators need). */
export type OpsRoutes = (app: FastifyInstance) => void | Promise<void>;

export interface OpsServerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** When set, every request needs `Authorization: Bearer <token>` (a route may name its own, `config.opsToken`). */
  token: string | null;
  log: FastifyBaseLogger;
  routes: OpsRoutes[];
}

export interface OpsServer {
  app: FastifyInstance;
  /** http://host:port, with the port actually bound. */
  url: string;
  close(): Promise<void>;
}

/**
 * A small HTTP server for operators, on its own port (METRICS_PORT), apart
 * from the API: a proxy in front of the API never exposes it, and its token
 * (if any) guards every route mounted on it.
 */
export async function startOpsServer({ host, port, token, log, routes }: OpsServerOptions): Promise<OpsServer> {
  const app = Fastify({
    loggerInstance: log,
    // A scrape every few seconds would fill the logs.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
  });
  app.addHook("onRequest", async (request, reply) => {
    // A route holding more than the metrics (the backup: every organization's data) has a token of its own.
    const required = (request.routeOptions.config as { opsToken?: string } | undefined)?.opsToken ?? token;
    if (required === null || bearerMatches(request.headers.authorization, required)) return;
    return reply
      .status(401)
      .header("www-authenticate", 'Bearer realm="workshift-ops"')
      .send({ error: "This address needs the operations token", code: "ops_token_required" });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: "Not found", code: "not_found" }));
  for (const add of routes) await add(app);
  await app.listen({ host, port });
  const address = app.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  const shown = host.includes(":") ? `[${host}]` : host;
  return { app, url: `http://${shown}:${bound}`, close: () => app.close() };
}
