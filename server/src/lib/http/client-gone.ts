import type { FastifyReply } from "fastify";

/**
 * A signal that aborts once the client has closed the connection before its
 * answer was written (a tab navigating away while a large answer was being
 * made): work nobody waits for can stop instead of holding up the others.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Ends a request whose client has gone: nothing is written, and the connection is already closed. */
export function dropAnswer(reply: FastifyReply): void {
  reply.hijack();
  reply.raw.destroy();
}
