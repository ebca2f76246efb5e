import type { RequestKind } from "@workshift/contracts";
import type { NewMessage } from "../delivery/outbox.ts";
import { enqueueMessages } from "../delivery/outbox.ts";
import { type AuditEntry, recordAudits } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { announceRequestChange } from "./announce.ts";
import { type MessageIntent, requestMessages } from "./messages.ts";
import type { RequestRow } from "./records.ts";

/** Where messages link to and which countries SMS reaches (the app's configuration). */
export interface RequestOptions {
  publicUrl: string;
  smsCountries: readonly string[];
  /** How messages are queued (tests may replace it). */
  enqueue?: (tx: Tx, messages: readonly NewMessage[]) => Promise<void>;
}

/**
 * What a writing transaction owes besides its rows: audit entries, messages
 * and the live announcement. Collected while the work runs and written
 * together at the end (one insert each however many requests a bulk decision
 * touched); a scope whose work was refused is dropped with it.
 */
export class RequestEffects {
  private readonly audits: { author: string | null; entry: AuditEntry }[] = [];
  private readonly intents: MessageIntent[] = [];
  private readonly rows = new Map<string, RequestRow>();
  private readonly concerned = new Set<string>();
  /** Too many people concerned to name: every stream of the organization reloads. */
  private everyone = false;

  constructor(
    readonly organizationId: string,
    /** Who acts (null: the server itself). */
    readonly actorId: string | null,
    readonly options: RequestOptions,
  ) {}

  /** A scope of its own (one request of a bulk decision): merged with keep(), or dropped. */
  scope(): RequestEffects {
    return new RequestEffects(this.organizationId, this.actorId, this.options);
  }

  keep(scope: RequestEffects): void {
    this.audits.push(...scope.audits);
    this.intents.push(...scope.intents);
    for (const [id, row] of scope.rows) this.rows.set(id, row);
    for (const id of scope.concerned) this.concerned.add(id);
    this.everyone ||= scope.everyone;
  }

  /** An audit entry about a request, by `author` (null: the server, e.g. an automatic approval). */
  audit(
    author: string | null,
    action: string,
    row: RequestRow,
    extra: Omit<AuditEntry, "action" | "targetType" | "targetId"> = {},
  ) {
    this.audits.push({ author, entry: { action, targetType: "request", targetId: row.id, ...extra } });
  }

  tell(intent: MessageIntent): void {
    if (intent.to.length > 0) this.intents.push(intent);
  }

  /** Requests that changed, and who besides their people should hear of it (null: too many to name). */
  changed(rows: readonly RequestRow[], alsoConcerned: readonly string[] | null = []): void {
    for (const row of rows) {
      this.rows.set(row.id, row);
      for (const id of [row.author_id, row.to_user_id, row.taker_id]) if (id) this.concerned.add(id);
    }
    if (alsoConcerned === null) this.everyone = true;
    else for (const id of alsoConcerned) this.concerned.add(id);
  }

  /** Writes the audit entries, queues the messages and announces the change; answers how many messages were queued. */
  async flush(tx: Tx): Promise<number> {
    const byAuthor = new Map<string | null, AuditEntry[]>();
    for (const { author, entry } of this.audits) byAuthor.set(author, [...(byAuthor.get(author) ?? []), entry]);
    for (const [author, entries] of byAuthor) {
      await recordAudits(tx, { organizationId: this.organizationId, userId: author }, entries);
    }
    const messages = await requestMessages(tx, this.organizationId, this.intents, this.options);
    await (this.options.enqueue ?? enqueueMessages)(tx, messages);
    if (this.rows.size > 0) {
      const rows = [...this.rows.values()];
      await announceRequestChange(tx, this.organizationId, {
        request_ids: rows.map((row) => row.id),
        kinds: rows.map((row) => row.kind as RequestKind),
        user_ids: this.everyone ? [] : [...this.concerned],
        actor_id: this.actorId,
      });
    }
    return messages.length;
  }
}
