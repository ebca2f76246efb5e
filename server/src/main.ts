import { keepNextTickShape } from "./lib/runtime/next-tick-shape.ts";

// Before anything else is loaded (a full garbage collection may run while the
// dependencies load), see next-tick-shape.ts.
keepNextTickShape();
// Loaded only now: a static import would load the server's dependencies first.
await import("./start.ts");
