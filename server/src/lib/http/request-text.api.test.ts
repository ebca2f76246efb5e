import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOperations, type JsonSchema, type Operation } from "../../../test/openapi.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";

/**
 * Every string a request carries in its body or query is either of a closed
 * shape (an id, a date, an enum, a pattern) or free text read by the
 * contracts' one text rule, typedText, which the API document marks
 * `x-text`: so a field added without it (and a NUL or a right-to-left
 * override stored through it) fails here.
 */

let server: TestServer;
let operations: Operation[];
beforeAll(async () => {
  server = await startTestServer();
  operations = await apiOperations(server);
});
afterAll(() => server.close());

const isShaped = (schema: JsonSchema) =>
  schema["x-text"] !== undefined ||
  schema.format !== undefined ||
  schema.pattern !== undefined ||
  schema.enum !== undefined;

/** The fields (by path) of strings neither shaped nor typed text. */
function unreadStrings(schema: JsonSchema, at: string): string[] {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.flatMap((choice) => unreadStrings(choice, at));
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([name, field]) =>
      unreadStrings(field, at ? `${at}.${name}` : name),
    );
  }
  if (schema.items) return unreadStrings(schema.items, `${at}[]`);
  return schema.type === "string" && !isShaped(schema) ? [at] : [];
}

describe("strings in requests", () => {
  it("are shaped or read as typed text, in every body and query of the API document", () => {
    const unread = operations.flatMap((operation) => {
      const where = `${operation.method} ${operation.path}`;
      const body = operation.body ? unreadStrings(operation.body, "").map((field) => `${where} body ${field}`) : [];
      const query = operation.parameters
        .filter((parameter) => parameter.in === "query")
        .flatMap((parameter) => unreadStrings(parameter.schema, parameter.name).map((field) => `${where} ?${field}`));
      return [...body, ...query];
    });
    expect(unread).toEqual([]);
  });

  it("that are typed text say so in the API document", () => {
    const texts = operations.flatMap((operation) =>
      Object.entries(operation.body?.properties ?? {})
        .filter(([, field]) => field["x-text"] !== undefined)
        .map(([name, field]) => `${operation.method} ${operation.path} ${name}: ${field["x-text"]}`),
    );
    expect(texts).toContain("POST /api/schedule/templates name: single-line");
    expect(texts).toContain("POST /api/time-clock/entries reason: multi-line");
  });
});
