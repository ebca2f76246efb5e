import { personIdSchema } from "@workshift/contracts";
import Fastify, { type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { installPersonIdAnswers, mapPersonIds } from "./person-ids.ts";

/** What the answers' person id fields go through: every field the schema marks, nothing else. */

const upper = (id: string) => id.toUpperCase();

const schema = z.object({
  from: z.string(),
  people: z.array(z.object({ user_id: personIdSchema(), job_ids: z.array(z.string()) })),
  days: z.array(
    z.object({ user_id: personIdSchema(), cancel_by: personIdSchema().nullable().optional(), day: z.string() }),
  ),
  by_person: z.record(z.string(), z.tuple([personIdSchema(), z.number()])),
  either: z.union([z.object({ kind: z.literal("a"), note: z.string() }), z.object({ owner_id: personIdSchema() })]),
});

describe("mapping person ids in an answer", () => {
  const answer = {
    from: "a",
    people: [{ user_id: "p1", job_ids: ["j1"] }],
    days: [
      { user_id: "p1", cancel_by: null, day: "d" },
      { user_id: "p2", day: "d" },
      { user_id: "p3", cancel_by: "p4", day: "d" },
    ],
    by_person: { x: ["p5", 1] },
    either: { owner_id: "p6" },
  };

  it("maps every marked field, nested in arrays, records, tuples, nullable and union fields", () => {
    expect(mapPersonIds(schema, answer, upper)).toEqual({
      from: "a",
      people: [{ user_id: "P1", job_ids: ["j1"] }],
      days: [
        { user_id: "P1", cancel_by: null, day: "d" },
        { user_id: "P2", day: "d" },
        { user_id: "P3", cancel_by: "P4", day: "d" },
      ],
      by_person: { x: ["P5", 1] },
      either: { owner_id: "P6" },
    });
  });

  it("leaves the value itself as it was, and shares what holds no person id", () => {
    const before = structuredClone(answer);
    const mapped = mapPersonIds(schema, answer, upper) as typeof answer;
    expect(answer).toEqual(before);
    expect(mapped.people[0]?.job_ids).toBe(answer.people[0]?.job_ids);
  });

  it("gives back the same value when nothing in it names a person", () => {
    const nobody = { ...answer, people: [], days: [], by_person: {}, either: { kind: "a", note: "n" } };
    expect(mapPersonIds(schema, nobody, upper)).toBe(nobody);
    expect(mapPersonIds(z.object({ id: z.string() }), { id: "x" }, upper)).toEqual({ id: "x" });
  });

  it("follows a recursive schema", () => {
    interface Node {
      owner_id: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({ owner_id: personIdSchema(), children: z.array(z.lazy(() => node)) });
    expect(mapPersonIds(node, { owner_id: "a", children: [{ owner_id: "b", children: [] }] }, upper)).toEqual({
      owner_id: "A",
      children: [{ owner_id: "B", children: [] }],
    });
  });
});

describe("which routes map their answers", () => {
  it("only routes a signed-in caller reaches whose answers name people", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installPersonIdAnswers(app);
    const mapped = new Map<string, boolean>();
    app.addHook("onRoute", (route: RouteOptions) => {
      if (route.method === "GET") mapped.set(route.url, route.preSerialization !== undefined);
    });
    const names = { response: { 200: z.object({ user_id: personIdSchema() }) } };
    const noNames = { response: { 200: z.object({ status: z.string() }) } };
    const answer = async () => ({});
    app.get("/public-names", { config: { access: "public" }, schema: names }, answer);
    app.get("/signed-in-names", { config: { access: "signed-in" }, schema: names }, answer);
    app.get("/signed-in-no-names", { config: { access: "signed-in" }, schema: noNames }, answer);
    app.get("/no-access", { schema: names }, answer);
    await app.ready();
    expect(Object.fromEntries(mapped)).toEqual({
      "/public-names": false,
      "/signed-in-names": true,
      "/signed-in-no-names": false,
      "/no-access": false,
    });
    await app.close();
  });
});
