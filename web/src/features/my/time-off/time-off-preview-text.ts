/**
 * What the preview of an ask says beyond its figures (pure, so each case is
 * tested): blocked dates as a warning or a refusal, what would stop the ask
 * (by refusal code, said once), and whether the balance goes below zero.
 */
import type { TimeOffPreviewResponse } from "@workshift/contracts";

export interface PreviewNotes {
  /** Blocked dates met: said as a warning (one may still ask) or a refusal; null: none. */
  blocked: "warn" | "refuse" | null;
  /** Refusal codes to say, each once; a refused blocked date is said by `blocked` alone. */
  blockers: string[];
  /** The balance after is below zero (within what the policy allows, else a blocker says so). */
  belowZero: boolean;
}

export function previewNotes(preview: TimeOffPreviewResponse): PreviewNotes {
  const blocked = preview.blocked.length > 0 ? preview.blocked_policy : null;
  const blockers = [...new Set(preview.blockers)].filter(
    (code) => !(code === "time_off_blocked" && blocked === "refuse"),
  );
  return { blocked, blockers, belowZero: preview.balance_after_minutes < 0 };
}
