import fc from "fast-check";
import type { JsonSchema } from "./openapi.ts";

/**
 * What an attacker (or a paste from a spreadsheet) sends, for the property
 * test that no request makes the server fail: request values built from the
 * API document's own schemas, mostly plausible so the request gets past the
 * first check, with hostile strings and wrong types in some fields.
 */

/** Characters that break storage, display or parsing: controls, bidi controls, lone surrogates, invisible and combining marks, quoting. */
const HOSTILE_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\ufeff",
  "\ufffe",
  "\uffff",
  "\u200b",
  "\u200d",
  "\u0301",
  "\u2028",
  "\t",
  "\n",
  "\r",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "<",
  "&",
  "$",
  "/",
];

/** Whole values seen in attacks and in impossible dates. */
const HOSTILE_STRINGS = [
  "",
  " ",
  "Spring\u0000week",
  "\u202eexe.txt",
  "\u2066isolated\u2069",
  "a\ud800b",
  "'; DROP TABLE shifts; --",
  "' OR '1'='1",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "{{constructor.constructor('return 1')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, as an attacker types it
  "${7*7}",
  '=HYPERLINK("http://example.com")',
  "../../../etc/passwd",
  "%00",
  "%E2%80%AE",
  "👩‍👩‍👧‍👦👍🏽🇱🇧",
  "e\u0301\u0301\u0301\u0301\u0301",
  "مطعم\u202eالأرز",
  "null",
  "NaN",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "2026-02-30T09:00:00Z",
  "2026-04-31T09:00:00+02:00",
  "2026-06-08T24:00:00Z",
  "2026-06-08T09:60:00Z",
  "2026-02-30",
  "2026-04-31",
  "0000-00-00",
  "9999-12-31T23:59:59.999999+23:59",
  "\u0000".repeat(500),
];

/** Strings to put in a path or query: the same, short enough for a URL. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: fc.constantFrom(...HOSTILE_CHARACTERS), minLength: 1, maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 30 }),
);

/** Ordinary text with one hostile character inside: what gets past a check that looks at the ends only. */
const taintedText: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("Spring week", "Kitchen", "Rana", "Bring keys"),
    fc.nat(),
    // NUL (which the database refuses), a right-to-left override and a lone surrogate most often.
    fc.oneof(
      { arbitrary: fc.constantFrom("\u0000", "\u202e", "\ud800"), weight: 2 },
      fc.constantFrom(...HOSTILE_CHARACTERS),
    ),
  )
  .map(([text, at, character]) => text.slice(0, at % text.length) + character + text.slice(at % text.length));

/** Any hostile string, long ones included. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: taintedText, weight: 3 },
  { arbitrary: hostileParam, weight: 2 },
  fc.constantFrom("x".repeat(70_000), "é".repeat(5_000), "👍".repeat(3_000)),
);

/** A value of another type than the field's. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5),
  fc.array(hostileString, { maxLength: 2 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 2 }),
);

export const hostile: fc.Arbitrary<unknown> = fc.oneof({ arbitrary: hostileString, weight: 3 }, wrongType);

/** Values a person would send, by the shape of the field. */
const PLAUSIBLE_STRINGS = [
  "Morning",
  "Kitchen",
  "Rana",
  "Cedar Café",
  "Bring the keys\nBack door",
  "person@example.com",
  "96171123456",
  "+961 71 123 456",
  "Europe/Paris",
  "Asia/Beirut",
  "USD",
  "LB",
  "#1c7ed6",
  "2026-06-08",
  "2026-06-14",
  "2026-06",
  "2026-06-08T07:00:00Z",
  "2026-06-08T17:00:00+02:00",
  "2026-06-09T06:00:00.000Z",
  "0123456789abcdef".repeat(4),
  "1234",
];

/**
 * Rows that exist, so requests reach past "not found", by the word before a
 * field's "_id" or "_ids" ("board" for board_id and board_ids; "" for a bare id or ids).
 */
export type Known = Record<string, string>;

const idFor = (name: string, known: Known): fc.Arbitrary<string> => {
  const named = known[name.replace(/_?ids?$/, "")];
  const ids = named === undefined ? Object.values(known) : [named];
  return fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, fc.uuid());
};

function plausibleString(schema: JsonSchema, known: Known, name: string): fc.Arbitrary<string> {
  if (schema.format === "uuid") return idFor(name, known);
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
  const fitting = PLAUSIBLE_STRINGS.filter(
    (value) => value.length >= min && value.length <= max && (pattern === undefined || pattern.test(value)),
  );
  const shaped =
    pattern === undefined
      ? fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) })
      : fc.stringMatching(pattern);
  return fitting.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...fitting), weight: 5 }, shaped) : shaped;
}

function plausibleNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 100_000, Number.MAX_SAFE_INTEGER);
  return schema.type === "integer"
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value a client following the schema might send (the server may still refuse it: an end before a start…). */
function plausible(schema: JsonSchema, known: Known, name = ""): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  const base: fc.Arbitrary<unknown> = choices
    ? fc.oneof(...choices.map((choice) => plausible(choice, known, name)))
    : schema.enum
      ? fc.constantFrom(...schema.enum)
      : schema.type === "string"
        ? plausibleString(schema, known, name)
        : schema.type === "integer" || schema.type === "number"
          ? plausibleNumber(schema)
          : schema.type === "boolean"
            ? fc.boolean()
            : schema.type === "array"
              ? fc.array(plausible(schema.items ?? {}, known, name), {
                  minLength: schema.minItems ?? 0,
                  maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
                })
              : schema.type === "object" || schema.properties
                ? plausibleObject(schema, known)
                : fc.jsonValue({ maxDepth: 2 });
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, fc.constant(null)) : base;
}

function plausibleObject(schema: JsonSchema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [name, plausible(field, known, name)]),
  );
  return fc.record(fields, { requiredKeys: schema.required ?? [] });
}

/** The earlier of two instants, and the later one for a field that ends something. */
const START = "2026-06-08T07:00:00Z";
const END = "2026-06-08T15:00:00Z";

/** One plausible value, always the same: each field given, the first fitting value, the rows that exist. */
function canonical(schema: JsonSchema, known: Known, name = ""): unknown {
  const choice = (schema.anyOf ?? schema.oneOf)?.[0];
  if (choice) return canonical(choice, known, name);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case "string": {
      if (schema.format === "uuid") return known[name.replace(/_?ids?$/, "")] ?? Object.values(known)[0];
      const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
      const fits = (value: string) =>
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
        (pattern === undefined || pattern.test(value));
      const instant = /end|out/.test(name) ? END : START;
      if (pattern !== undefined && fits(instant)) return instant;
      return PLAUSIBLE_STRINGS.find(fits) ?? "Morning";
    }
    case "integer":
    case "number":
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case "boolean":
      return true;
    case "array":
      return [canonical(schema.items ?? {}, known, name)];
    default:
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([field, part]) => [field, canonical(part, known, field)]),
      );
  }
}

type Path = (string | number)[];

/** The paths of a value's leaves (and of its empty arrays and objects), in order. */
function leaves(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value) && value.length > 0) return value.flatMap((item, index) => leaves(item, [...at, index]));
  if (value !== null && typeof value === "object" && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...at, key]));
  }
  return [at];
}

/**
 * The canonical value, then the same with one of its strings at a time
 * carrying a NUL: every text field meets the character the database cannot
 * store, in a request otherwise fit to reach it.
 */
export function nulInEachString(schema: JsonSchema, known: Known): unknown[] {
  const value = canonical(schema, known);
  const strings = leaves(value).filter((path) => typeof path.reduce<unknown>(step, value) === "string");
  return [value, ...strings.map((path) => replaced(value, path, `${path.reduce<unknown>(step, value)}\u0000`))];
}

const step = (value: unknown, key: string | number) => (value as Record<string | number, unknown>)[key];

function replaced(value: unknown, path: Path, by: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[key] = replaced(copy[key], rest, by);
  return copy;
}

/**
 * A request value for this schema: a plausible one with one of its leaves
 * (a field, an item) made hostile, so the rest gets it past the first checks
 * to where a hostile value does harm; now and then an unknown field too, or
 * the whole value hostile.
 */
export function requestValue(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> {
  const tainted = fc
    .tuple(
      plausible(schema, known),
      fc.nat(),
      hostile,
      fc.oneof({ arbitrary: fc.constant(null), weight: 5 }, fc.tuple(hostileString, hostile)),
    )
    .map(([value, pick, bad, extra]) => {
      const paths = leaves(value);
      const result = replaced(value, paths[pick % paths.length] ?? [], bad);
      return extra && result !== null && typeof result === "object" && !Array.isArray(result)
        ? { [extra[0]]: extra[1], ...result }
        : result;
    });
  return fc.oneof({ arbitrary: tainted, weight: 6 }, { arbitrary: plausible(schema, known), weight: 2 }, hostile);
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;

/**
 * A string as a path segment or query value. Lone surrogates have no UTF-8,
 * so they go as the bytes an attacker would send instead (CESU-8: ED A0 80).
 */
function urlEncoded(value: string): string {
  let out = "";
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f))
        : encodeURIComponent(character);
  }
  return out;
}

/** Hostile path segments and query values, already in the URL's bytes: encoded strings, and malformed or overlong encodings. */
export const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileParam.map(urlEncoded), weight: 4 },
  fc.constantFrom("%", "%zz", "%ED%A0%80", "%FF", "%C0%80", "%00", "%2e%2e%2f", "%E2%80%AE", "+", "%20"),
);
