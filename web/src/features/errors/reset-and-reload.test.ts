import { describe, expect, it } from "vitest";
import { resetAndReload } from "./reset-and-reload.ts";

function fakeWindow(options: { blockedStorage?: boolean } = {}) {
  const calls: string[] = [];
  const storage = (name: string) => ({
    clear: () => {
      if (options.blockedStorage) throw new DOMException("denied", "SecurityError");
      calls.push(`${name}.clear`);
    },
  });
  const win = {
    localStorage: storage("localStorage"),
    sessionStorage: storage("sessionStorage"),
    location: {
      origin: "https://app.example",
      assign: (url: string | URL) => {
        calls.push(`assign ${url}`);
      },
    },
  };
  return { win, calls };
}

describe("resetAndReload", () => {
  it("clears both storages, then loads the origin", () => {
    const { win, calls } = fakeWindow();
    resetAndReload(win);
    expect(calls).toEqual(["localStorage.clear", "sessionStorage.clear", "assign https://app.example"]);
  });

  it("still reloads when storage is blocked", () => {
    const { win, calls } = fakeWindow({ blockedStorage: true });
    resetAndReload(win);
    expect(calls).toEqual(["assign https://app.example"]);
  });
});
