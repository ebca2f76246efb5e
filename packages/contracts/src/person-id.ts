import { z } from "zod";

const personIds = new WeakSet<object>();

/**
 * A person's id in the organization the request is for. Never an account's
 * own id: each organization names one account by an id of its own, so two
 * organizations cannot tell that they have the same person. The server keeps
 * accounts inside and maps every field made with this schema at its edge
 * (requests and answers), so a field naming a person must be made with it.
 */
export function personIdSchema(message?: string) {
  const base = message === undefined ? z.string().uuid() : z.string(message).uuid(message);
  const schema = base.describe("A person's id in this organization (not the account's own id)");
  personIds.add(schema);
  return schema;
}

/** Whether a schema is a person id field (personIdSchema), for the server's edge mapping. */
export const isPersonIdSchema = (schema: unknown): boolean =>
  typeof schema === "object" && schema !== null && personIds.has(schema);
