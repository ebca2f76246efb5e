import path from "node:path";
import { build } from "esbuild";
import { repoRoot } from "./paths.mjs";

/**
 * The contracts' decodeWeek (the web's own decoder of the week's wire form),
 * bundled for the bench, which runs plain Node: the bench reads the week as
 * the browser does, from one decoder.
 */
let decoder;

async function load() {
  const out = await build({
    entryPoints: [path.join(repoRoot, "packages/contracts/src/week-codec.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "warning",
  });
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`;
  return (await import(url)).decodeWeek;
}

/** The decoder itself (to time it). */
export function weekDecoder() {
  decoder ??= load();
  return decoder;
}

/** The week's objects (WeekResponse) from its wire form. */
export async function decodeWeek(wire) {
  return (await weekDecoder())(wire);
}
