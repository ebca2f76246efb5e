import { describe, expect, it } from "vitest";
import { newestFirst } from "./outbox.ts";

const message = (to: string, sent_at: string) => ({ to, channel: "sms" as const, body: "", code: "1234", sent_at });

describe("newestFirst", () => {
  it("sorts by sent_at, newest first, unreadable dates last", () => {
    const sorted = newestFirst([
      message("a", "2026-01-01T10:00:00Z"),
      message("b", "garbage"),
      message("c", "2026-01-01T12:00:00Z"),
      message("d", "2026-01-01T11:00:00.500Z"),
    ]);
    expect(sorted.map((m) => m.to)).toEqual(["c", "d", "a", "b"]);
  });
});
