import { refuse } from "../lib/http/errors.ts";

/**
 * The inbox's keyset cursor: the last item's creation instant (to the
 * microsecond, as stored) and id, written as opaque base64url. Reading a
 * cursor that is not one answers 400 at the `cursor` field.
 */

export interface InboxCursor {
  /** "YYYY-MM-DDTHH:MM:SS.ffffffZ", as PostgreSQL wrote it. */
  createdAt: string;
  id: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const writeCursor = (cursor: InboxCursor): string =>
  Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");

export function readCursor(text: string): InboxCursor {
  const [createdAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (
    rest.length > 0 ||
    !createdAt ||
    !id ||
    !INSTANT.test(createdAt) ||
    !UUID.test(id) ||
    Number.isNaN(Date.parse(createdAt))
  ) {
    throw refuse("validation_failed", "This cursor is not one the inbox gave", { cursor: "requests.filterInvalid" });
  }
  return { createdAt, id };
}
