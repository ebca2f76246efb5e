import type { FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import { refuse } from "../http/errors.ts";

const parts = [
  ["params", "params"],
  ["body", "body"],
  ["querystring", "query"],
] as const;

/**
 * Validates a tenant route's params, query and body with the route's own zod
 * schemas, as Fastify would have before the handler, and puts the parsed
 * values in their place. The refusal has the same shape as Fastify's: 400
 * validation_failed with each field's path and the schema's message key.
 */
export function parseRequestInput(request: FastifyRequest): void {
  const schema = request.routeOptions.schema as Partial<Record<(typeof parts)[number][0], ZodType>> | undefined;
  if (!schema) return;
  const fields: Record<string, string> = {};
  const parsed: Partial<Record<(typeof parts)[number][1], unknown>> = {};
  for (const [schemaKey, requestKey] of parts) {
    const partSchema = schema[schemaKey];
    if (!partSchema) continue;
    const result = partSchema.safeParse(request[requestKey]);
    if (result.success) {
      parsed[requestKey] = result.data;
      continue;
    }
    for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
    // Fastify stops at the first part that fails; so does this.
    break;
  }
  if (Object.keys(fields).length > 0) throw refuse("validation_failed", "The request is not valid", fields);
  const writable = request as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(parsed)) writable[key] = value;
}
