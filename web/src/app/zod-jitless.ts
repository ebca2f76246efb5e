// The CSP forbids eval, and zod probes for it (`new Function("")`) the first time any object schema
// parses unless told not to. Every chunk may parse first, so this runs before anything else loads.
//
// zod keeps its settings (what `z.config()` changes) in one object on globalThis, shared by every
// copy of zod on the page; setting `jitless` there is what `z.config({ jitless: true })` does,
// without loading zod's core (some 20 KB) on pages that never parse a schema, /signin among
// them. zod-jitless.test.ts holds the two equal for the zod in the lockfile.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;

export {};
