import { type PunchRefusalReason, punchRefusalReasons } from "@workshift/contracts";

type ReasonName = PunchRefusalReason extends `timeClock.${infer Name}` ? Name : never;
const known = new Set<string>(punchRefusalReasons);

/**
 * The timeClock key a manager reads a refused punch's reason by
 * ("timeClock.outsideSite" → live.refused.reasons.outsideSite; the person read
 * theirs in the validation namespace); one this page does not know reads "other".
 */
export function refusalReasonKey(reason: string): `live.refused.reasons.${ReasonName | "other"}` {
  if (!known.has(reason)) return "live.refused.reasons.other";
  return `live.refused.reasons.${reason.slice("timeClock.".length) as ReasonName}`;
}
