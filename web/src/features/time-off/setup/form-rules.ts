import type { z } from "zod";

/**
 * A form's errors from the API's own schema, run on the body the form would
 * send: each issue's path (the API's field name) is moved onto the form's
 * field that holds it, so the form and the server refuse the same things
 * with the same message keys. Also used for the API's `fields`.
 */
export function fieldErrorsOf<Field extends string>(
  fields: Record<string, string>,
  fieldOf: (apiPath: string) => Field | null,
): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = fieldOf(path);
    if (field !== null) out[field] ??= message;
  }
  return out;
}

/** The first message of each path the schema refuses in `body` ({} when it accepts it). */
export function schemaIssues(schema: z.ZodType, body: unknown): Record<string, string> {
  const checked = schema.safeParse(body);
  if (checked.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of checked.error.issues) fields[issue.path.join(".")] ??= issue.message;
  return fields;
}

/** A field mapping for forms whose fields carry the API's names: the path's first segment when it is one of them. */
export function sameNames<Field extends string>(names: readonly Field[]): (path: string) => Field | null {
  return (path) => {
    const head = path.split(".")[0] ?? path;
    return (names as readonly string[]).includes(head) ? (head as Field) : null;
  };
}
