/**
 * Where a page's main-thread time goes, from a Chromium trace: each trace
 * event's self time (its length less its children's) summed by kind, as the
 * DevTools performance panel's summary does. Only the renderers' main threads
 * count (CrRendererMain); the compositor and raster threads run beside them.
 */

/** Trace categories that hold the main thread's tasks, scripts, style, layout and paint. */
export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "toplevel",
  "v8.execute",
  "blink.user_timing",
  "v8",
  "disabled-by-default-v8.compile",
];

const KINDS = {
  script: [
    "FunctionCall",
    "EvaluateScript",
    "v8.compile",
    "v8.compileModule",
    "v8.evaluateModule",
    "v8.run",
    "V8.Execute",
    "RunMicrotasks",
    "v8.callFunction",
    "TimerFire",
    "FireAnimationFrame",
    "EventDispatch",
    "FireIdleCallback",
    "MinorGC",
    "MajorGC",
    "V8.GCScavenger",
    "V8.GCFinalizeMC",
    "BlinkGC.AtomicPhase",
    "v8.produceModuleCache",
    "v8.produceCache",
    "CpuProfiler::StartProfiling",
  ],
  parse: ["ParseHTML", "ParseAuthorStyleSheet", "ResourceReceivedData", "ResourceFinish"],
  style: ["UpdateLayoutTree", "RecalculateStyles", "ScheduleStyleRecalculation", "InvalidateLayout"],
  layout: ["Layout", "UpdateLayerTree", "IntersectionObserverController::computeIntersections"],
  paint: ["Paint", "PrePaint", "Layerize", "UpdateLayer", "CompositeLayers", "PaintImage", "Decode Image", "Commit"],
};
const KIND_OF = new Map(Object.entries(KINDS).flatMap(([kind, names]) => names.map((name) => [name, kind])));

/** { script, parse, style, layout, paint, other, busy } in ms, from a trace buffer (Playwright's stopTracing()). */
export function mainThreadBreakdown(traceBuffer) {
  const { traceEvents } = JSON.parse(traceBuffer.toString("utf8"));
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map();
  for (const event of traceEvents) {
    if (event.ph !== "X" || typeof event.dur !== "number") continue;
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread)) continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread).push(event);
  }
  const totals = { script: 0, parse: 0, style: 0, layout: 0, paint: 0, other: 0, busy: 0 };
  const otherNames = new Map();
  for (const events of byThread.values()) {
    // Parents first: earlier start, then the longer one.
    events.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    const close = (until) => {
      while (stack.length > 0 && stack[stack.length - 1].end <= until) {
        const done = stack.pop();
        totals[done.kind] += done.self / 1000;
        if (done.kind === "other") otherNames.set(done.name, (otherNames.get(done.name) ?? 0) + done.self / 1000);
      }
    };
    for (const event of events) {
      close(event.ts);
      const parent = stack[stack.length - 1];
      if (parent) parent.self -= event.dur;
      else totals.busy += event.dur / 1000;
      // An event of no known kind inside a known one (e.g. a V8 detail in a script) counts as its parent's.
      const kind = KIND_OF.get(event.name) ?? (/^v8[.:]/i.test(event.name) ? "script" : (parent?.kind ?? "other"));
      stack.push({ end: event.ts + event.dur, self: event.dur, kind, name: event.name });
    }
    close(Number.POSITIVE_INFINITY);
  }
  const rounded = Object.fromEntries(Object.entries(totals).map(([kind, ms]) => [kind, Math.round(ms)]));
  // What "other" is made of, the largest first: the next names to sort into a kind.
  rounded.otherTop = [...otherNames]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`);
  return rounded;
}

export const formatBreakdown = (b) =>
  `script ${b.script} ms, HTML/CSS parse ${b.parse} ms, style ${b.style} ms, layout ${b.layout} ms, paint ${b.paint} ms, other ${b.other} ms [${b.otherTop.join(", ")}] (main thread busy ${b.busy} ms)`;

/** "request sent at 210 ms, answered at 640 ms (600 KB on the wire, 5.7 MB decoded)" from a shown-function's `data`. */
export const formatData = (data) =>
  data
    ? `request sent at ${Math.round(data.sent)} ms, answered at ${Math.round(data.ended)} ms (${Math.round(data.wire / 1024)} KB on the wire, ${(data.size / 1024 / 1024).toFixed(1)} MB decoded)`
    : "the data's request not seen";
