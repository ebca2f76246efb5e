/** The reasons a manager reads a refused punch by (the person read theirs in the validation namespace). */
export const refusalReasons = [
  "alreadyIn",
  "notIn",
  "outOfOrder",
  "alreadyOnBreak",
  "notOnBreak",
  "periodApproved",
  "unknownShift",
  "unknownJob",
  "locationRequired",
  "outsideSite",
  "tooEarly",
  "future",
  "tooOld",
  "entryTooLong",
] as const;
type RefusalReason = (typeof refusalReasons)[number];

const known = new Set<string>(refusalReasons);

/** The timeClock key of a refusal's reason ("timeClock.outsideSite" → live.refused.reasons.outsideSite); a newer one reads "other". */
export function refusalReasonKey(reason: string): `live.refused.reasons.${RefusalReason | "other"}` {
  const name = reason.startsWith("timeClock.") ? reason.slice("timeClock.".length) : reason;
  return known.has(name) ? `live.refused.reasons.${name as RefusalReason}` : "live.refused.reasons.other";
}
