import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isClientRoute } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import { notFound } from "./errors.ts";

const HASHED_ASSETS = "/assets/";
const LOCALES = "/locales/";
const YEAR = "public, max-age=31536000, immutable";

/** The translations' version the web build wrote (vite.config.ts), or null without one. */
function readLocalesVersion(webDist: string): string | null {
  const file = path.join(webDist, "locales-version.txt");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() || null : null;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, and so
 * are translations asked with this build's version (`?v=`, as the app asks
 * for them); every other file (index.html, translations without the
 * version) is revalidated. A page path the app
 * knows answers 200 with the app; any other path answers 404 with the app,
 * which renders its not-found page; unknown /api paths answer the JSON error.
 */
export async function installWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const indexFile = webDist ? path.join(webDist, "index.html") : null;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  const localesVersion = webDist ? readLocalesVersion(webDist) : null;

  if (webDist && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const rel = `/${path.relative(webDist, filePath).split(path.sep).join("/")}`;
        const asked = (reply.request.query as { v?: unknown } | undefined)?.v;
        const versioned = rel.startsWith(LOCALES) && localesVersion !== null && asked === localesVersion;
        reply.header("cache-control", rel.startsWith(HASHED_ASSETS) || versioned ? YEAR : "no-cache");
      },
    });
  }

  // Keeps the query string, so /?lng=ar still chooses Arabic.
  app.get("/", { schema: { hide: true } }, (request, reply) => {
    const query = request.url.indexOf("?");
    return reply.redirect(query === -1 ? "/signin" : `/signin${request.url.slice(query)}`);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !pathname.startsWith("/api/");
    if (!isPage || indexHtml === null) {
      throw notFound(`No route for ${request.method} ${pathname}`);
    }
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  });
}
