import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, RouteOptions } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's answers can be big (a week, a month, a list, a timesheet, an export): they are
     * compressed when the client accepts it. Other API routes are never compressed.
     */
    compressAnswers?: boolean;
  }
}

/** Routes whose answers are compressed: the web app's files, the API's documentation, and API routes that say so. */
function compresses(route: RouteOptions): boolean {
  if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return true;
  return route.config?.compressAnswers === true;
}

/**
 * Answers are compressed (brotli, else gzip) when the client accepts it and
 * they are worth it (1 KB or more of a compressible type: JSON, JavaScript,
 * CSS, HTML, CSV, iCal). A board's week is about 2 MB of JSON for 3,000
 * shifts and 180 KB gzipped; the app's JavaScript shrinks to a third.
 *
 * Levels are for compressing on the fly, per answer: brotli's default (11)
 * takes seconds for a big week; quality 1 takes 3 ms for a 1.4 MB week (106
 * KB), quality 4 five times as long for 94 KB, CPU the page's first load
 * shares with the browser on a small machine; gzip at level 1 is as small as zlib's default (6)
 * on JSON (176 KB against 178 KB) in half the time, which a client that takes
 * only gzip waits for on every week it loads. Requests are not decompressed: bodies stay
 * plain JSON under the body limit. Registered before the web app's static
 * files, so they are compressed too. The live schedule stream writes to the
 * socket itself (lib/live/event-stream.ts) and is never buffered by a compressor.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook: a route left out gets none of its hooks. Its hooks on
  // every route (decorating each reply, then checking each answer's type, encoding and size) cost
  // a cheap route such as the health probe about a fifteenth of its throughput, for answers that
  // are never a kilobyte.
  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.compress === undefined && !compresses(route)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
}
