import type { RequestKind } from "@workshift/contracts";
import { sql } from "kysely";
import type { NewMessage } from "../delivery/outbox.ts";
import { enqueueMessages } from "../delivery/outbox.ts";
import { type AuditEntry, recordAudits } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { announceScheduleChange } from "../schedule/announce.ts";
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
  /** Shifts an approval published, and their boards (told once, at the end). */
  private readonly publishedShifts = new Set<string>();
  private readonly publishedBoards = new Set<string>();
  /** Too many people concerned to name: every stream of the organization reloads. */
  private everyone = false;

  constructor(
    readonly organizationId: string,
    /** Who acts. */
    readonly actorId: string,
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
    for (const id of scope.publishedShifts) this.publishedShifts.add(id);
    for (const id of scope.publishedBoards) this.publishedBoards.add(id);
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

  /** Shifts an approval handed over: published as they then are, and the boards and people's views told. */
  published(boardIds: readonly string[], shiftIds: readonly string[]): void {
    for (const id of boardIds) this.publishedBoards.add(id);
    for (const id of shiftIds) this.publishedShifts.add(id);
  }

  /**
   * Publishes the shifts approvals handed over, writes the audit entries,
   * queues the messages and announces the changes; answers how many messages
   * were queued.
   */
  async flush(tx: Tx): Promise<number> {
    const byAuthor = new Map<string | null, AuditEntry[]>();
    for (const { author, entry } of this.audits) byAuthor.set(author, [...(byAuthor.get(author) ?? []), entry]);
    for (const [author, entries] of byAuthor) {
      await recordAudits(tx, { organizationId: this.organizationId, userId: author }, entries);
    }
    const messages = await requestMessages(tx, this.organizationId, this.intents, this.options);
    await (this.options.enqueue ?? enqueueMessages)(tx, messages);
    if (this.publishedShifts.size > 0) {
      // People see at once what the approvals handed over: each shift as it now is.
      await tx
        .updateTable("shifts")
        .set((eb) => ({
          published_at: sql<Date>`now()`,
          published_user_id: eb.ref("user_id"),
          published_job_id: eb.ref("job_id"),
          published_starts_at: eb.ref("starts_at"),
          published_ends_at: eb.ref("ends_at"),
          published_break_minutes: eb.ref("break_minutes"),
          published_note: eb.ref("note"),
        }))
        .where("organization_id", "=", this.organizationId)
        .where(sql<boolean>`id = any(${[...this.publishedShifts]}::uuid[])`)
        .execute();
      await announceScheduleChange(tx, this.organizationId, {
        board_ids: [...this.publishedBoards],
        shift_ids: [...this.publishedShifts],
        actor_id: this.actorId,
        kind: "published",
        source: "requests",
      });
    }
    if (this.rows.size > 0) {
      const rows = [...this.rows.values()];
      await announceRequestChange(tx, this.organizationId, {
        request_ids: rows.map((row) => row.id),
        kinds: rows.map((row) => row.kind as RequestKind),
        user_ids: this.everyone ? [] : [...this.concerned],
        actor_id: this.actorId,
      });
      await this.tellBoards(tx, rows);
    }
    return messages.length;
  }

  /**
   * Open boards show waiting requests on their shifts, people's
   * availability and their approved leave: the boards of the requests'
   * shifts, and of the people whose availability or leave changed, reload
   * what they show (those a publish above already told are left out).
   */
  private async tellBoards(tx: Tx, rows: readonly RequestRow[]): Promise<void> {
    const boards = new Set<string>();
    for (const row of rows) if (row.board_id && row.kind !== "correction") boards.add(row.board_id);
    // Availability put in force, and approved leave (or leave cancelled after its approval), change
    // what the boards of the person show.
    const available = rows.filter(
      (row) =>
        (row.kind === "availability" && row.status === "approved") ||
        (row.kind === "time_off" &&
          (row.status === "approved" || (row.status === "cancelled" && row.decided_at !== null))),
    );
    if (available.length > 0) {
      const members = await tx
        .selectFrom("job_scheduler_members")
        .select("job_scheduler_id")
        .distinct()
        .where("organization_id", "=", this.organizationId)
        .where(sql<boolean>`user_id = any(${available.map((row) => row.author_id)}::uuid[])`)
        .execute();
      for (const member of members) boards.add(member.job_scheduler_id);
    }
    for (const id of this.publishedBoards) boards.delete(id);
    if (boards.size === 0) return;
    await announceScheduleChange(tx, this.organizationId, {
      board_ids: [...boards],
      shift_ids: rows.flatMap((row) => [row.shift_id, row.other_shift_id]).filter((id): id is string => id !== null),
      actor_id: this.actorId,
      kind: "changed",
      source: "requests",
    });
  }
}
