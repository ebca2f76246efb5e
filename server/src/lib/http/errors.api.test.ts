import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import { refuse } from "./errors.ts";

describe("the error shape", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      extend(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post(
          "/api/test/echo",
          {
            config: { access: "public" },
            schema: { body: z.object({ name: z.string().min(1, "name.required"), age: z.number().int() }) },
          },
          async (request) => ({ name: request.body.name }),
        );
        typed.get("/api/test/refuse", { config: { access: "public" } }, async () => {
          throw refuse("person_already_member", "Already there");
        });
        typed.get("/api/test/crash", { config: { access: "public" } }, async () => {
          throw new Error("secret internals");
        });
      },
    });
  });
  afterAll(() => server.close());

  it("answers an unknown API path with 404 in JSON", async () => {
    const response = await server.request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: "No route for GET /api/nothing-here", code: "not_found" });
  });

  it("names each invalid field with the schema's message", async () => {
    const response = await server.request("/api/test/echo", { method: "POST", json: { name: "", age: 1.5 } });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_failed",
      fields: { name: "name.required", age: expect.any(String) },
    });
  });

  it("refuses a body that is not JSON", async () => {
    const response = await server.request("/api/test/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: "validation_failed" });
  });

  it("passes a deliberate refusal through with its status and code", async () => {
    const response = await server.request("/api/test/refuse");
    expect(response.status).toBe(409);
    expect(response.json()).toEqual({ error: "Already there", code: "person_already_member" });
  });

  it("hides the details of an unexpected failure", async () => {
    const response = await server.request("/api/test/crash");
    expect(response.status).toBe(500);
    expect(response.json()).toEqual({ error: "Internal server error", code: "internal" });
  });
});
