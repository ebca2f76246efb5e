import { type ShiftRow, shiftStatusOf } from "./records.ts";

export type ChangeKind = "added" | "changed" | "removed";

/** One thing a person is told about: a shift they got, one that changed, or one they lost. */
export interface PersonChange {
  kind: ChangeKind;
  shiftId: string;
  boardId: string;
  jobId: string | null;
  /** For a removed shift, the times the person was last told; otherwise the new ones. */
  startsAt: Date;
  endsAt: Date;
}

export interface PublishPlan {
  /** Drafts and changed shifts: their draft becomes what people see. */
  publishIds: string[];
  /** Shifts waiting for removal: deleted now. */
  removeIds: string[];
  /** Who is told what (people only; an open shift tells nobody). */
  changes: Map<string, PersonChange[]>;
  /** Boards whose shifts this publish touches. */
  boardIds: Set<string>;
}

const asDate = (value: Date | string | null) => (value instanceof Date ? value : new Date(value as string));

/**
 * What publishing these shifts does, worked out from the rows alone. A shift
 * that moved from one person to another is a removal for the first and a new
 * shift for the second; anything else that changed is "changed" for its person.
 * Shifts with nothing pending (already published as they are) are left out.
 */
export function planPublish(rows: readonly ShiftRow[]): PublishPlan {
  const plan: PublishPlan = { publishIds: [], removeIds: [], changes: new Map(), boardIds: new Set() };
  const tell = (userId: string | null, change: PersonChange) => {
    if (userId === null) return;
    const list = plan.changes.get(userId);
    if (list) list.push(change);
    else plan.changes.set(userId, [change]);
  };
  const draft = (row: ShiftRow, kind: ChangeKind): PersonChange => ({
    kind,
    shiftId: row.id,
    boardId: row.job_scheduler_id,
    jobId: row.job_id,
    startsAt: asDate(row.starts_at),
    endsAt: asDate(row.ends_at),
  });
  const seen = (row: ShiftRow): PersonChange => ({
    kind: "removed",
    shiftId: row.id,
    boardId: row.job_scheduler_id,
    jobId: row.published_job_id,
    startsAt: asDate(row.published_starts_at),
    endsAt: asDate(row.published_ends_at),
  });

  for (const row of rows) {
    const status = shiftStatusOf(row);
    if (status === "published") continue;
    plan.boardIds.add(row.job_scheduler_id);
    if (status === "deleted") {
      plan.removeIds.push(row.id);
      tell(row.published_user_id, seen(row));
      continue;
    }
    plan.publishIds.push(row.id);
    if (status === "draft") {
      tell(row.user_id, draft(row, "added"));
    } else if (row.user_id === row.published_user_id) {
      tell(row.user_id, draft(row, "changed"));
    } else {
      tell(row.published_user_id, seen(row));
      tell(row.user_id, draft(row, "added"));
    }
  }
  return plan;
}
