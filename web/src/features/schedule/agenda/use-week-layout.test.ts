import { afterEach, describe, expect, it, vi } from "vitest";
import { SCHEDULE_LAYOUT_KEY } from "../../../lib/storage-keys.ts";
import { readWeekLayout } from "./use-week-layout.ts";

function storageWith(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the phone's layout of the week", () => {
  it("is the agenda until the grid is chosen", () => {
    vi.stubGlobal("localStorage", storageWith({}));
    expect(readWeekLayout()).toBe("agenda");
  });

  it("is the grid once this browser chose it", () => {
    vi.stubGlobal("localStorage", storageWith({ [SCHEDULE_LAYOUT_KEY]: "grid" }));
    expect(readWeekLayout()).toBe("grid");
  });

  it("falls back to the agenda for anything else kept, or when storage is blocked", () => {
    vi.stubGlobal("localStorage", storageWith({ [SCHEDULE_LAYOUT_KEY]: "table" }));
    expect(readWeekLayout()).toBe("agenda");
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("blocked");
      },
    });
    expect(readWeekLayout()).toBe("agenda");
  });
});
