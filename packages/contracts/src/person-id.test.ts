import { describe, expect, it } from "vitest";
import * as contracts from "./index.ts";
import { isPersonIdSchema } from "./person-id.ts";

/** Field names that name a person, wherever they are in a request or an answer. */
const namesPerson = (key: string) => /^(user_id|user_ids|actor_id|member_ids)$|_user_id$/.test(key);
/** The punch's `user_id` is the account's own (the device's queue is per account; only the account sends it). */
const accountsOwn = new Set(["punchRequestSchema.user_id"]);

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } })._zod?.def;

/** A schema and what is inside it, until a person id (an array of them counts as one). */
function unwrap(schema: unknown): unknown {
  const def = defOf(schema);
  if (!def || isPersonIdSchema(schema)) return schema;
  if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"].includes(def.type)) {
    return unwrap(def.innerType);
  }
  if (def.type === "array") return unwrap(def.element);
  return schema;
}

function offenders(name: string, schema: unknown, path: string, seen: Set<unknown>, found: string[]) {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const inner: [string, unknown][] = [];
  if (def.type === "object") {
    for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
      const where = `${path}.${key}`;
      if (namesPerson(key) && !isPersonIdSchema(unwrap(field)) && !accountsOwn.has(`${name}.${key}`)) found.push(where);
      inner.push([where, field]);
    }
  } else if (def.type === "array") inner.push([`${path}[]`, def.element]);
  else if (def.type === "record") inner.push([`${path}{}`, def.valueType]);
  else if (def.type === "union") for (const option of def.options as unknown[]) inner.push([path, option]);
  else if (def.type === "pipe") inner.push([path, def.in], [path, def.out]);
  else if (def.type === "intersection") inner.push([path, def.left], [path, def.right]);
  else if (def.innerType) inner.push([path, def.innerType]);
  for (const [where, child] of inner) offenders(name, child, where, seen, found);
}

describe("fields that name a person", () => {
  it("are person ids (personIdSchema) in every schema of the contracts, so the server maps them at its edge", () => {
    const found: string[] = [];
    let schemas = 0;
    for (const [name, value] of Object.entries(contracts)) {
      if (!defOf(value)) continue;
      schemas += 1;
      offenders(name, value, name, new Set(), found);
    }
    expect(schemas).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });

  it("are told apart from any other string by the schema itself", () => {
    expect(isPersonIdSchema(contracts.personIdSchema())).toBe(true);
    expect(isPersonIdSchema(contracts.personIdSchema().nullable())).toBe(false);
    expect(isPersonIdSchema(contracts.personSchema.shape.id)).toBe(true);
    expect(contracts.personIdSchema("x").safeParse("nope").error?.issues[0]?.message).toBe("x");
  });
});
