import type { OutboxMessage } from "@workshift/contracts";
import { api } from "../../lib/api.ts";

/** GET /api/dev/outbox → { messages } (development only; 404 in production). */
export async function fetchOutbox(): Promise<OutboxMessage[]> {
  const body = await api.get<{ messages?: OutboxMessage[] }>("/api/dev/outbox");
  return body?.messages ?? [];
}
