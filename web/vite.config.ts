import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, parseAst, type Rolldown } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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
 * Automatic splitting gives every set of pages sharing some modules a chunk of its own: about 240
 * files, most under 2 KB, and the board's first screen loaded 117 of them. Each file costs the
 * page a request, a preload link and a module to link before its code runs: together about a
 * quarter of the board's first screen (docs/benchmarks.md). Chunks under 16 KB of source are
 * copied into the chunks that read them instead (rolldown keeps one instance of each module,
 * whichever copy runs first), which leaves about 80 files and 27 on the board's first screen, for
 * some 40% more bytes over all the pages and about 6% more on the board's. Entries, dynamically
 * imported pages and the groups below stay files of their own. It also turns on rolldown's strict
 * execution order: a module's body runs when a chunk calls it, not when its chunk loads (see
 * firstModule).
 */
const fewerFiles = { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } };

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

/**
 * The scripts only the admin area loads: its pages (what app/admin-pages.ts imports lazily), its
 * frame, and every chunk reached only through them. /my's offline shell leaves them out of its
 * precache: a phone that installs /my downloads what /my can run, not the scheduling board.
 * Found from the bundle itself, so a new page or chunk needs no list kept by hand: every chunk the
 * entries reach, statically or lazily, without passing through an admin page stays in.
 */
function adminOnlyScripts() {
  const adminOnly = new Set<string>();
  const fromSource = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  const plugin: Plugin = {
    name: "workshift:admin-only-scripts",
    generateBundle(_options, bundle) {
      adminOnly.clear();
      const pages = this.getModuleInfo(fromSource("./src/app/admin-pages.ts"))?.dynamicallyImportedIds ?? [];
      // Without them every script would stay in the shell, silently: a moved file must be said.
      if (pages.length === 0) this.error("adminOnlyScripts found no admin pages imported by src/app/admin-pages.ts");
      const adminRoots = new Set([...pages, fromSource("./src/features/admin/AdminLayout.tsx")]);
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const out of Object.values(bundle)) if (out.type === "chunk") chunks.set(out.fileName, out);
      const reached = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || reached.has(fileName)) return;
        if (chunk.facadeModuleId && adminRoots.has(chunk.facadeModuleId)) return;
        reached.add(fileName);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      for (const fileName of chunks.keys()) if (!reached.has(fileName)) adminOnly.add(fileName);
    },
  };
  return { plugin, adminOnly };
}
const adminScripts = adminOnlyScripts();

/**
 * The installable app (spec: /my on a phone's home screen): a web app
 * manifest (`/manifest.webmanifest`, linked from index.html by the plugin)
 * and a service worker (`/sw.js`, Workbox's generateSW) that keeps the app's
 * shell for offline use, since punches already queue offline:
 *
 * - the built index.html, its hashed code (less the admin area's own scripts,
 *   adminOnlyScripts above) and styles, the icons, fonts and the translations
 *   /my reads are precached: served from the cache first, and
 *   replaced as a whole when a new build's worker activates (the worker takes
 *   over at once: autoUpdate, so an old shell never outlives a deploy);
 * - a page (a navigation) goes to the network first, and only when that
 *   fails gets the precached index.html (every client route is the same app);
 * - nothing else is handled: /api and everything not precached go to the
 *   network untouched, never cached.
 *
 * The app registers it (features/my/frame/register-app-shell.ts) from /my
 * only, with the scope /my, and only in a production build.
 */
function appShell() {
  return VitePWA({
    injectRegister: false,
    registerType: "autoUpdate",
    manifest: {
      id: "/my",
      name: "Workshift",
      short_name: "Workshift",
      description: "Your shifts, your time clock and your requests.",
      lang: "en",
      start_url: "/my",
      scope: "/",
      display: "standalone",
      orientation: "any",
      theme_color: "#0f766e",
      background_color: "#f8f9fa",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      ],
    },
    includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
    workbox: {
      // The shell: the app's code and styles, its icons, the Latin and Arabic fonts, and the
      // translations /my reads. Left to the network: the phone field's flags (some 250 files) and
      // the fonts' other scripts, which a browser fetches only for text that needs them, and the
      // admin area's own scripts (manifestTransforms).
      globPatterns: [
        "index.html",
        "assets/*.{js,css}",
        "assets/*-{latin,latin-ext,arabic}-wght-normal-*.woff2",
        "favicon.svg",
        "icons/*.png",
        "locales/*/{common,auth,my,validation,errors}.json",
      ],
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.filter((entry) => !adminScripts.adminOnly.has(entry.url)),
          warnings: [],
        }),
      ],
      // The app asks for /locales/{lng}/{ns}.json?v=<this build's version>: the same file.
      ignoreURLParametersMatching: [/^v$/],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === "navigate" && !url.pathname.startsWith("/api/"),
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "index.html" } },
        },
      ],
    },
  });
}

/**
 * The page's first module (src/lib/early-week.ts) as an entry of its own,
 * loaded by index.html before the app: it starts a board's week request
 * while the app's code is still arriving. Vite would merge a second script
 * of index.html into the app's entry, which runs only once all the app's
 * chunks have arrived, so the module is emitted apart and its script tag
 * added here: async, since a deferred script would also wait for the
 * stylesheets. The app imports the same file (and so the same instance).
 */
function firstModule(): Plugin {
  const source = fileURLToPath(new URL("./src/lib/early-week.ts", import.meta.url));
  let building = false;
  return {
    name: "workshift:first-module",
    configResolved(config) {
      building = config.command === "build";
    },
    buildStart() {
      if (building) this.emitFile({ type: "chunk", id: source, name: "early-week", preserveSignature: false });
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        // The emitted entry, not the chunk holding the module's code: with fewerFiles every module's body
        // runs only when something calls it (rolldown's strict execution order), and the entry is what
        // calls it. The code's own chunk is preloaded beside it (the app imports it too), so the entry's
        // import costs no round trip of its own. e2e/first-module.e2e.test.ts holds that it runs alone.
        if (!ctx.bundle) return [moduleScript("/src/lib/early-week.ts")];
        const entry = Object.values(ctx.bundle).find(
          (out) => out.type === "chunk" && out.isEntry && out.facadeModuleId === source,
        );
        if (!entry) throw new Error("workshift:first-module: the build emitted no entry for src/lib/early-week.ts");
        return [moduleScript(`/${entry.fileName}`)];
      },
    },
  };
}

/** An async module script at the top of the head: it runs as soon as it arrives, stylesheets or not. */
function moduleScript(src: string) {
  return {
    tag: "script",
    attrs: { type: "module", async: true, crossorigin: true, src },
    injectTo: "head-prepend" as const,
  };
}

export default defineConfig({
  plugins: [react(), pureContracts(), localesVersion(), firstModule(), adminScripts.plugin, appShell()],
  resolve: { alias: { "@flags": flagsFolder } },
  server: {
    // `npm run dev -w web` against the API server on :3000.
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    // Evergreen browsers of the last ~2.5 years: native ES2022+, top-level await, CSS nesting.
    target: "baseline-widely-available",
    // One stylesheet for the whole app (about 46 KB gzipped, cached for a year) instead of one per
    // chunk: a page whose code comes in chunks waits for each chunk's stylesheet before it runs,
    // and the board's first screen waited on some twenty of them. See fewerFiles below.
    cssCodeSplit: false,
    rolldownOptions: {
      // Needed by experimentalInlineCommonChunks; no chunk's exports are read from outside the app.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          ...fewerFiles,
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
