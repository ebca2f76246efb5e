import { addDays, type Shift, type WeekResponse } from "@workshift/contracts";

/**
 * The pure side of the week's actions: what a publish would send out, what
 * clearing would remove, where a copy comes from, the CSV's file name.
 */

export interface PublishSummary {
  /** Never-published shifts. */
  added: number;
  /** Published shifts with unpublished changes. */
  changed: number;
  /** Published shifts whose removal waits for the publish. */
  removed: number;
  /** added + changed + removed. */
  total: number;
  /**
   * People who will be told (each once): everyone a pending shift is given to
   * or taken from, as the server does it; invited and archived people get no
   * message.
   */
  people: number;
}

/**
 * What publishing would do: the whole week (selected null) or the chosen
 * shifts only. Deleted shifts tell the person who had them; a changed shift
 * tells both its old and its new person.
 */
export function publishSummary(week: WeekResponse, selected: readonly string[] | null): PublishSummary {
  const chosen = selected ? new Set(selected) : null;
  const active = new Set(week.people.filter((p) => p.status === "active").map((p) => p.user_id));
  const people = new Set<string>();
  const tell = (userId: string | null | undefined) => {
    if (userId && active.has(userId)) people.add(userId);
  };
  const out = { added: 0, changed: 0, removed: 0 };
  for (const shift of week.shifts) {
    if (chosen && !chosen.has(shift.id)) continue;
    if (shift.status === "draft") {
      out.added += 1;
      tell(shift.user_id);
    } else if (shift.status === "changed") {
      out.changed += 1;
      tell(shift.user_id);
      tell(shift.published?.user_id);
    } else if (shift.status === "deleted") {
      out.removed += 1;
      tell(shift.published?.user_id ?? shift.user_id);
    }
  }
  return { ...out, total: out.added + out.changed + out.removed, people: people.size };
}

/** The week's pending changes (the Publish button's count). */
export const pendingCount = (shifts: readonly Shift[]) => shifts.filter((s) => s.status !== "published").length;

/** Never-published shifts of one board in the week: what "Clear drafts" removes. */
export const draftCount = (week: WeekResponse, boardId: string) =>
  week.shifts.filter((s) => s.board_id === boardId && s.status === "draft").length;

/** The week a copy comes from by default: the one before. */
export const previousWeekDate = (week: WeekResponse) => addDays(week.start_date, -7);

/**
 * The CSV's file name: the board's name made safe for every file system, and
 * the week's first day ("schedule-front-desk-2026-03-23.csv"). Letters of any
 * script are kept, so an Arabic board keeps its name.
 */
export function csvFileName(boardName: string | null, startDate: string): string {
  const name = (boardName ?? "all")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `schedule-${name || "board"}-${startDate}.csv`;
}
