import { type AvailabilityRuleInput, type ShiftWarning, unavailableDuring } from "@workshift/contracts";

/**
 * The `unavailable` warning of a person's shift: the first unavailable window
 * it meets, read in the shift's zone (its board's), with the day of that
 * window and what the person said (their note). null when it meets none or
 * has nobody. A warning, never a refusal: the manager may still schedule them.
 */
export function unavailableWarning(
  shift: { id: string | null; user_id: string | null; starts_at: string; ends_at: string },
  rules: readonly AvailabilityRuleInput[] | undefined,
  zone: string,
): ShiftWarning | null {
  if (shift.user_id === null || !rules || rules.length === 0) return null;
  const window = unavailableDuring(rules, shift.starts_at, shift.ends_at, zone);
  if (!window) return null;
  return {
    kind: "unavailable",
    shift_id: shift.id,
    user_id: shift.user_id,
    minutes: 0,
    limit_minutes: 0,
    other_shift_id: null,
    date: window.date,
    note: window.note,
  };
}
