import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

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
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
}
