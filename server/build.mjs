// Bundles the server's entry points into server/dist. Dependencies stay in
// node_modules; only our own TypeScript (and the contracts package) is bundled.
import { build } from "esbuild";

/**
 * main.ts loads start.ts only after its first step (see main.ts): start.ts is a bundle
 * of its own, imported at run time, not inlined with its dependencies' imports hoisted.
 */
const startLoadedLater = {
  name: "start-loaded-later",
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/start\.ts$/ }, () => ({ path: "./start.js", external: true }));
  },
};

await build({
  entryPoints: [
    "src/main.ts",
    "src/start.ts",
    "src/migrate-cli.ts",
    "src/platform-admin-cli.ts",
    "src/seed-demo-cli.ts",
    "src/backup/copy-to-postgres-cli.ts",
    "src/backup/embedded-backup-cli.ts",
    "src/backup/embedded-restore-cli.ts",
  ],
  outdir: "dist",
  // Every bundle directly in dist/: paths.ts finds server/ one folder above the bundle.
  entryNames: "[name]",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  packages: "external",
  alias: { "@workshift/contracts": "../packages/contracts/src/index.ts" },
  plugins: [startLoadedLater],
  logLevel: "warning",
});
