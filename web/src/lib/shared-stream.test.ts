import { describe, expect, it } from "vitest";
import type { LiveStatus } from "./live-connection.ts";
import { createSharedStream, type StreamHandlers } from "./shared-stream.ts";

function fakeStream() {
  const opened: StreamHandlers[] = [];
  let closed = 0;
  const stream = createSharedStream((handlers) => {
    opened.push(handlers);
    handlers.onStatus("connecting");
    return () => {
      closed += 1;
    };
  });
  return { stream, opened, closed: () => closed };
}

describe("one live connection shared by the page's parts", () => {
  it("opens once for every subscriber and closes when the last one leaves", () => {
    const { stream, opened, closed } = fakeStream();
    const leaveSidebar = stream.subscribe(() => {});
    const leavePage = stream.subscribe(() => {});
    expect(opened).toHaveLength(1);
    leavePage();
    expect(closed()).toBe(0);
    leaveSidebar();
    expect(closed()).toBe(1);
    expect(stream.status()).toBe("off");
    leaveSidebar();
    expect(closed()).toBe(1);
  });

  it("tells every subscriber of each change", () => {
    const { stream, opened } = fakeStream();
    const heard: string[] = [];
    stream.subscribe(() => heard.push("sidebar"));
    stream.subscribe(() => heard.push("page"));
    opened[0]?.onChange();
    expect(heard).toEqual(["sidebar", "page"]);
  });

  it("shares the connection's state, and opens again after everyone left", () => {
    const { stream, opened } = fakeStream();
    const seen: LiveStatus[] = [];
    stream.watchStatus(() => seen.push(stream.status()));
    const leave = stream.subscribe(() => {});
    opened[0]?.onStatus("live");
    expect(stream.status()).toBe("live");
    leave();
    stream.subscribe(() => {});
    expect(opened).toHaveLength(2);
    expect(seen).toEqual(["connecting", "live", "off", "connecting"]);
  });
});
