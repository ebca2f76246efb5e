import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser.ts";

const dist = path.resolve(import.meta.dirname, "../web/dist");

/** Every script of the build, with its name. */
function builtScripts(): { name: string; text: string }[] {
  return fs
    .readdirSync(dist, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, text: fs.readFileSync(path.join(dist, name), "utf8") }));
}

describe("the built app's development pages", () => {
  it("are not in the build: no route, no chunk", () => {
    const scripts = builtScripts();
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter(({ name, text }) => /outbox/i.test(name) || text.includes("/dev/outbox")).map((s) => s.name),
    ).toEqual([]);
  });

  it("answer 404, even from a development server", async () => {
    // The e2e server runs with NODE_ENV=development (e2e/global-setup.ts).
    const response = await fetch(`${baseUrl()}/dev/outbox`);
    expect(response.status).toBe(404);
  });
});
