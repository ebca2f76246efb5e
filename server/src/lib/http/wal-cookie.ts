import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ReplicaReads } from "../db/replica-reads.ts";

/**
 * Read-your-writes with a replica, across instances: after a write, the
 * primary's WAL position goes to the writer in a cookie, and their next heavy
 * reads go to the replica only once it has replayed that far. It names no one
 * and grants nothing: changed by hand, it only makes its holder's own reads
 * fresher (primary) or staler (replica, never more than the lag bound).
 */
export const WAL_COOKIE = "ws_wal";
/** Long enough for any replica within its lag bound to catch up. */
const MAX_AGE_SECONDS = 300;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The WAL position the request's cookie holds (unchecked text; chooseReadPool ignores a malformed one). */
export function writtenPosition(request: FastifyRequest): string | null {
  return request.headers.cookie?.match(/(?:^|;\s*)ws_wal=([0-9A-Fa-f]{1,8}\/[0-9A-Fa-f]{1,8})(?:;|$)/)?.[1] ?? null;
}

/**
 * After every successful API write (sign-ins too: the next read checks the
 * session they made), sets the cookie to the primary's WAL position, read
 * after the write committed. A failure to read it only leaves the cookie out.
 */
export function installWalCookie(app: FastifyInstance, reads: ReplicaReads, secure: boolean): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400 || !request.url.startsWith("/api/")) {
      return payload;
    }
    try {
      const position = await reads.primaryPosition();
      reply.header(
        "set-cookie",
        `${WAL_COOKIE}=${position}; Path=/api; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`,
      );
    } catch (error) {
      request.log.warn({ err: error }, "cannot read the primary's WAL position: no read-your-writes cookie");
    }
    return payload;
  });
}
