import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, parseAst } from "vite";

/**
 * Chunks: everything the first screen needs from node_modules goes into two
 * long-cached vendor chunks (React + router, which change rarely; the rest),
 * and the basic components of the pages into a third (`ui`, below).
 * Libraries used only by lazy pages stay with those pages, so /signin loads
 * only what it renders.
 */
const reactGroup = {
  name: "react",
  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
};
const vendorGroup = { name: "vendor", test: /node_modules[\\/]/ };

/**
 * The small components every page renders (the sign-in form and the admin
 * frame alike) in one chunk: shared by several lazy pages, each would
 * otherwise become a file of its own, and a dozen tiny files cost more than
 * one (gzip works per file). Only components /signin renders belong here.
 */
const basicComponents = {
  name: "ui",
  test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](UnstyledButton|Paper|Stack|Text|Title|Anchor|TextInput|CloseButton|Button|Input|InputBase|Loader|Transition)[\\/]/,
};

/**
 * The flag drawings of country-flag-icons (one SVG per region). The package does
 * not export the files, so an alias points at its folder; the phone input's
 * country list globs them as separate, long-cached files (`?no-inline`).
 */
const require = createRequire(import.meta.url);
const flagsFolder = path.join(path.dirname(require.resolve("country-flag-icons/package.json")), "3x2");

const contractsSource = fileURLToPath(new URL("../packages/contracts/src/", import.meta.url));

/**
 * The shared contracts build zod schemas at module level, next to plain
 * constants. A bundler must keep a top-level call it cannot prove pure (say
 * `z.object({ phone: phoneSchema.optional(), ...proof })`), so importing only
 * TOKEN_KEY would drag in zod and the full phone metadata (about 100 KB
 * gzipped). For the browser build, each top-level initializer of the contracts
 * becomes a `/* @__PURE__ *\/` immediately-invoked function: evaluated exactly as
 * before when used, dropped when not. (Building a schema has no side effect.)
 */
function pureContracts(): Plugin {
  const keep = new Set(["Literal", "Identifier", "ArrowFunctionExpression", "FunctionExpression"]);
  return {
    name: "workshift:pure-contracts",
    enforce: "post",
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!file.startsWith(contractsSource) || file.endsWith(".test.ts")) return null;
      const edits: { start: number; end: number }[] = [];
      for (const statement of parseAst(code).body) {
        const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
        if (declaration?.type !== "VariableDeclaration") continue;
        for (const { init } of declaration.declarations) {
          if (init && !keep.has(init.type)) edits.push(init as unknown as { start: number; end: number });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { start, end } of edits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * The translations' version: a hash of every file under public/locales. The
 * app asks for /locales/{lng}/{ns}.json?v=<version>, and the server caches
 * an answer for a year when the version is its own (it reads the version
 * from dist/locales-version.txt, written here). Without it each load asked
 * the server again for every namespace (a 304 at best), and the first screen
 * waited for those answers behind the page's data.
 */
function localesVersion(): Plugin {
  const folder = fileURLToPath(new URL("public/locales/", import.meta.url));
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(folder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash
      .update(`${file.split(path.sep).join("/")}\0`)
      .update(fs.readFileSync(full))
      .update("\0");
  }
  const version = hash.digest("hex").slice(0, 16);
  return {
    name: "workshift:locales-version",
    config: () => ({ define: { "import.meta.env.VITE_LOCALES_VERSION": JSON.stringify(version) } }),
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "locales-version.txt", source: version });
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContracts(), localesVersion()],
  resolve: { alias: { "@flags": flagsFolder } },
  server: {
    // `npm run dev -w web` against the API server on :3000.
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    // Evergreen browsers of the last ~2.5 years: native ES2022+, top-level await, CSS nesting.
    target: "baseline-widely-available",
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Highest priority first: React (and its router) claim their modules before `ui` takes its components'
          // dependencies along, and `ui` before the catch-all vendor chunk.
          groups: [
            { ...reactGroup, tags: ["$initial" as const], priority: 3 },
            { ...basicComponents, priority: 2 },
            { ...vendorGroup, tags: ["$initial" as const], priority: 1 },
          ],
        },
      },
    },
  },
});
