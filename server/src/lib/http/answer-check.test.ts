import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";

/**
 * A route that declares `answerCheck: "tests"` writes its answers as the handler made them; the
 * test server checks them against the schema, strictly (nothing the schema leaves out).
 */

const answerSchema = z.object({ id: z.uuid(), count: z.number().int() });
const ID = "0b8f3a52-8f0e-4b7a-9d3c-3a1f2e4d5c6b";

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

async function appAnswering(answer: unknown, { checkEveryAnswer }: { checkEveryAnswer: boolean }) {
  app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", WEB_DIST: "" }),
    database: { db: {} as never, ping: () => Promise.resolve() },
    checkEveryAnswer,
    beforeReady(instance) {
      const api = instance.withTypeProvider<ZodTypeProvider>();
      api.get(
        "/api/big",
        { config: { access: "public", answerCheck: "tests" }, schema: { response: { 200: answerSchema } } },
        async () => answer as z.infer<typeof answerSchema>,
      );
      api.get(
        "/api/small",
        { config: { access: "public" }, schema: { response: { 200: answerSchema } } },
        async () => answer as z.infer<typeof answerSchema>,
      );
    },
  });
  return app;
}

describe("answers checked in tests only", () => {
  it("are written as the handler made them in production, without the schema's walk", async () => {
    const server = await appAnswering({ id: "not-a-uuid", count: 1 }, { checkEveryAnswer: false });
    const response = await server.inject({ method: "GET", url: "/api/big" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: "not-a-uuid", count: 1 });
  });

  it("still are checked by zod on routes that do not declare it", async () => {
    const server = await appAnswering({ id: "not-a-uuid", count: 1 }, { checkEveryAnswer: false });
    expect((await server.inject({ method: "GET", url: "/api/small" })).statusCode).toBe(500);
  });

  it("pass the check when they match the schema", async () => {
    const server = await appAnswering({ id: ID, count: 2 }, { checkEveryAnswer: true });
    const response = await server.inject({ method: "GET", url: "/api/big" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: ID, count: 2 });
  });

  it("fail the check (500) when a value breaks the schema", async () => {
    const server = await appAnswering({ id: "not-a-uuid", count: 2 }, { checkEveryAnswer: true });
    const response = await server.inject({ method: "GET", url: "/api/big" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: "internal" });
  });

  it("fail the check when they hold a field the schema leaves out, which production would write", async () => {
    const server = await appAnswering({ id: ID, count: 2, secret: "x" }, { checkEveryAnswer: true });
    expect((await server.inject({ method: "GET", url: "/api/big" })).statusCode).toBe(500);
  });
});
