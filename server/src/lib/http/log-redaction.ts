import type { FastifyRequest } from "fastify";

/**
 * Paths whose next segment is a secret: holding an invitation link lets one see it and ask for codes;
 * holding a calendar feed URL lets one read that person's shifts.
 */
const SECRET_AFTER = ["/api/invitations/", "/account/activate/", "/api/calendar/"];

/** The URL as logs may keep it: an invitation token becomes "[token]". */
export function redactUrl(url: string): string {
  for (const prefix of SECRET_AFTER) {
    const start = url.indexOf(prefix);
    if (start === -1) continue;
    const from = start + prefix.length;
    const rest = url.slice(from);
    const end = rest.search(/[/?#]/);
    return `${url.slice(0, from)}[token]${end === -1 ? "" : rest.slice(end)}`;
  }
  return url;
}

/** pino's request serializer: what Fastify logs by default, with secrets out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
