import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * The Content Security Policy is strict: scripts, fonts, images and
 * connections come from this origin only. style-src allows inline styles
 * because the component library writes its theme variables into a <style>
 * element at run time; no script can be injected through that.
 */
const policy = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      "script-src": ["'self'"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:"],
      "font-src": ["'self'", "data:"],
      "connect-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
} as const;

/**
 * helmet decides the headers; they are the same for every answer, so they are
 * worked out once at start and then copied onto each reply (running helmet's
 * middleware per request cost more than half of a cheap route's throughput).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(policy)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What an API answer (JSON, a CSV, a calendar feed) needs of them: the browser must not sniff
 * another type from it, must keep to HTTPS, and no other site may load it. The others
 * (the Content Security Policy, framing, referrer, opener) govern documents, not data; sending
 * them on every API answer cost a tenth of a cheap route's throughput.
 */
export const API_SECURITY_HEADERS = [
  "x-content-type-options",
  "strict-transport-security",
  "cross-origin-resource-policy",
] as const;

/** API answers: under /api/, except the API's documentation page, which is HTML. */
const isApiAnswer = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

export function installSecurityHeaders(app: FastifyInstance): void {
  const documents = securityHeaders();
  const answers = Object.fromEntries(API_SECURITY_HEADERS.map((name) => [name, documents[name] as string]));
  // onRequest, so a route that needs another policy (the API docs page) can still set its own.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? answers : documents);
    done();
  });
}
