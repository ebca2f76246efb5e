import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Prints the heaviest functions by self time of the .cpuprofile that
 * cpu-profile.cjs left in `outDir` (nothing when there is none): each sample's
 * time summed per function and place, as the profile viewers' bottom-up view does.
 */
export function printSelfTime(outDir, count = 30) {
  const profile = readdirSync(outDir).find((name) => name.endsWith(".cpuprofile"));
  if (!profile) return;
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(path.join(outDir, profile), "utf8"));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const self = new Map();
  let total = 0;
  samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/")}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + timeDeltas[i]);
    total += timeDeltas[i];
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
  process.stdout.write(`\n${path.join(outDir, profile)}: ${(total / 1000).toFixed(0)} ms sampled; self time:\n`);
  for (const [key, micros] of top) process.stdout.write(`${(micros / 1000).toFixed(1).padStart(9)} ms  ${key}\n`);
}
