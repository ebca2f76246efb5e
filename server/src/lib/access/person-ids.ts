import { randomUUID } from "node:crypto";
import { isPersonIdSchema } from "@workshift/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { personIdOf } from "../db/person-id.ts";
import type { Tx } from "../db/tenancy.ts";

/*
 * The API names people by their id in the organization (personIdOf), never
 * by their account's id; inside, the server and the database work with
 * accounts. The contracts mark every field that names a person
 * (personIdSchema), and this is the one place that maps them: a request's
 * person ids become accounts (inTenant, after validation), and every answer's
 * accounts become person ids (a preSerialization hook, by the route's
 * response schema for the status). Answers that do not go through a schema
 * map themselves with personIdOf (the week written by PostgreSQL, the live
 * events).
 */

interface ZodLike {
  _zod: { def: { type: string } & Record<string, unknown> };
}

const defOf = (schema: unknown) => (schema as ZodLike)._zod.def;

/** The schemas inside a schema, where a person id field can be. */
function innerSchemas(schema: unknown): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return Object.values(def.shape as Record<string, unknown>);
    case "array":
      return [def.element];
    case "record":
      return [def.valueType];
    case "tuple":
      return [...(def.items as unknown[]), ...(def.rest ? [def.rest] : [])];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return [def.innerType];
    case "pipe":
      return [def.in, def.out];
    case "lazy":
      return [(def.getter as () => unknown)()];
    case "union":
      return def.options as unknown[];
    case "intersection":
      return [def.left, def.right];
    default:
      return [];
  }
}

const holdsMemo = new WeakMap<object, boolean>();

/** Whether a schema has a person id field anywhere inside (answers without one are left alone). */
function holdsPersonIds(schema: unknown, seen = new Set<unknown>()): boolean {
  if (typeof schema !== "object" || schema === null || !("_zod" in schema)) return false;
  const known = holdsMemo.get(schema);
  if (known !== undefined) return known;
  if (isPersonIdSchema(schema)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const holds = innerSchemas(schema).some((inner) => holdsPersonIds(inner, seen));
  holdsMemo.set(schema, holds);
  return holds;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A schema's person id fields mapped in a value; the value is never changed in place: what changes is copied. */
type Mapper = (value: unknown, map: (id: string) => string) => unknown;

const mappers = new WeakMap<object, Mapper>();

/**
 * The mapper of a schema that holds person ids, built once per schema: the
 * walk of a big answer (thousands of rows) then visits only the fields that can
 * name someone, with no schema lookups on the way.
 */
function mapperOf(schema: object): Mapper {
  const known = mappers.get(schema);
  if (known !== undefined) return known;
  // A recursive schema reaches itself while it is built: it calls what it becomes.
  let built: Mapper | undefined;
  mappers.set(schema, (value, map) => (built as Mapper)(value, map));
  built = buildMapper(schema);
  mappers.set(schema, built);
  return built;
}

/** The mapper of a schema, or null when it holds no person id (its values are left alone). */
const mapperIfHeld = (schema: unknown): Mapper | null => (holdsPersonIds(schema) ? mapperOf(schema as object) : null);

const mapPersonId: Mapper = (value, map) => (typeof value === "string" ? map(value) : value);

function buildMapper(schema: object): Mapper {
  if (isPersonIdSchema(schema)) return mapPersonId;
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const fields = Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) => {
        const mapper = mapperIfHeld(field);
        return mapper ? [[key, mapper] as const] : [];
      });
      return (value, map) => {
        if (!isRecord(value)) return value;
        let copy: Record<string, unknown> | undefined;
        for (const [key, mapper] of fields) {
          if (!(key in value)) continue;
          const before = value[key];
          const mapped = before === null || before === undefined ? before : mapper(before, map);
          if (mapped !== before) {
            copy ??= { ...value };
            copy[key] = mapped;
          }
        }
        return copy ?? value;
      };
    }
    case "array": {
      const element = mapperIfHeld(def.element);
      if (!element) return (value) => value;
      return (value, map) => (Array.isArray(value) ? mapItems(value, (item) => element(item, map)) : value);
    }
    case "record": {
      const item = mapperIfHeld(def.valueType);
      if (!item) return (value) => value;
      return (value, map) => {
        if (!isRecord(value)) return value;
        let copy: Record<string, unknown> | undefined;
        for (const [key, before] of Object.entries(value)) {
          const mapped = before === null || before === undefined ? before : item(before, map);
          if (mapped !== before) {
            copy ??= { ...value };
            copy[key] = mapped;
          }
        }
        return copy ?? value;
      };
    }
    case "tuple": {
      const items = (def.items as unknown[]).map(mapperIfHeld);
      const rest = def.rest ? mapperIfHeld(def.rest) : null;
      return (value, map) =>
        Array.isArray(value)
          ? mapItems(value, (item, index) => {
              const mapper = index < items.length ? items[index] : rest;
              return mapper && item !== null && item !== undefined ? mapper(item, map) : item;
            })
          : value;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return mapperIfHeld(def.innerType) ?? ((value) => value);
    case "pipe": {
      // The side with the shape: a transform's output, or what a preprocess hands on.
      const side = defOf(def.in).type === "transform" ? def.out : def.in;
      return mapperIfHeld(side) ?? ((value) => value);
    }
    case "lazy": {
      let inner: Mapper | undefined;
      return (value, map) => {
        inner ??= mapperIfHeld((def.getter as () => unknown)()) ?? ((same) => same);
        return inner(value, map);
      };
    }
    case "union": {
      const options = (def.options as unknown[]).flatMap((option) => {
        const mapper = mapperIfHeld(option);
        return mapper ? [mapper] : [];
      });
      // The first option that names a person in this value (each option tried on the value as it came).
      return (value, map) => {
        for (const option of options) {
          const mapped = option(value, map);
          if (mapped !== value) return mapped;
        }
        return value;
      };
    }
    case "intersection": {
      const left = mapperIfHeld(def.left) ?? ((value) => value);
      const right = mapperIfHeld(def.right) ?? ((value) => value);
      return (value, map) => right(left(value, map), map);
    }
    default:
      return (value) => value;
  }
}

/** The array with each item mapped, copied only when an item changed. */
function mapItems(items: unknown[], map: (item: unknown, index: number) => unknown): unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const before = items[index];
    const mapped = map(before, index);
    if (mapped !== before) {
      copy ??= items.slice();
      copy[index] = mapped;
    }
  }
  return copy ?? items;
}

/**
 * The value with every person id field of the schema replaced by `map` of
 * it. The value is never changed in place: what changes is copied.
 */
export function mapPersonIds(schema: unknown, value: unknown, map: (id: string) => string): unknown {
  if (value === null || value === undefined) return value;
  const mapper = mapperIfHeld(schema);
  return mapper ? mapper(value, map) : value;
}

/** Person ids a request named that are nobody in its organization, by the stand-in each became. */
const strangersOf = new WeakMap<FastifyRequest, Map<string, string>>();

const inputParts = [
  ["params", "params"],
  ["body", "body"],
  ["querystring", "query"],
] as const;

/**
 * Turns the person ids of a validated request (params, body, query) into the
 * accounts they name in the organization. An id that names nobody there
 * becomes a fresh id that matches no account (so the feature answers as for
 * any unknown person), and answers give it back as it was sent.
 */
export async function accountsOfRequest(tx: Tx, organizationId: string, request: FastifyRequest): Promise<void> {
  const schemas = request.routeOptions.schema as Partial<Record<(typeof inputParts)[number][0], unknown>> | undefined;
  if (!schemas) return;
  const parts = inputParts.filter(([schemaKey]) => holdsPersonIds(schemas[schemaKey]));
  if (parts.length === 0) return;
  const named = new Set<string>();
  for (const [schemaKey, requestKey] of parts) {
    mapPersonIds(schemas[schemaKey], request[requestKey], (id) => {
      named.add(id.toLowerCase());
      return id;
    });
  }
  const accounts = new Map<string, string>();
  if (named.size > 0) {
    const rows = await tx
      .selectFrom("memberships")
      .select(["id", "user_id"])
      .where("organization_id", "=", organizationId)
      .where("id", "in", [...named])
      .execute();
    for (const row of rows) accounts.set(row.id, row.user_id);
  }
  const strangers = new Map<string, string>();
  const standIns = new Map<string, string>();
  const accountOf = (id: string) => {
    const key = id.toLowerCase();
    const account = accounts.get(key);
    if (account !== undefined) return account;
    let standIn = standIns.get(key);
    if (standIn === undefined) {
      standIn = randomUUID();
      standIns.set(key, standIn);
      strangers.set(standIn, id);
    }
    return standIn;
  };
  const writable = request as unknown as Record<string, unknown>;
  for (const [schemaKey, requestKey] of parts) {
    writable[requestKey] = mapPersonIds(schemas[schemaKey], request[requestKey], accountOf);
  }
  if (strangers.size > 0) strangersOf.set(request, strangers);
}

function answerSchemaOf(request: FastifyRequest, status: number): unknown {
  const responses = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!responses) return undefined;
  return responses[status] ?? responses[`${Math.floor(status / 100)}xx`] ?? responses.default;
}

/** Maps the accounts of an answer made in an organization to person ids there. */
async function personIdAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const organizationId = request.auth?.organizationId ?? null;
  if (organizationId === null) return payload;
  const schema = answerSchemaOf(request, reply.statusCode);
  if (schema === undefined) return payload;
  const strangers = strangersOf.get(request);
  return mapPersonIds(schema, payload, (account) => strangers?.get(account) ?? personIdOf(organizationId, account));
}

/** Whether one of a route's answer schemas names people. */
function answersNamePeople(schema: RouteOptions["schema"]): boolean {
  const responses = (schema as { response?: Record<string, unknown> } | undefined)?.response;
  return responses !== undefined && Object.values(responses).some((answer) => holdsPersonIds(answer));
}

/**
 * Every answer of a request made in an organization names people by their
 * person ids there: the fields its schema marks (person ids) hold accounts
 * until here. Only routes that can answer in an organization (a signed-in
 * caller's) with such a field get the hook: the others (the probes, sign-in)
 * do not pay for it on every request.
 */
export function installPersonIdAnswers(app: FastifyInstance): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const access = route.config?.access;
    if (access === undefined || access === "public" || !answersNamePeople(route.schema)) return;
    const own = route.preSerialization;
    route.preSerialization = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), personIdAnswer];
  });
}
