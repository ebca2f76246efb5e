import {
  type AvailabilityRule,
  type MyAvailabilityResponse,
  SCHEDULE_DATE_MAX,
  todayIn,
  wallTimeOfMinute,
} from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import { availabilityOf, type PersonRule } from "./rules.ts";

/** A stored window as the API shows it: "HH:MM" times (both null: the whole day). */
export function presentRule(rule: PersonRule): AvailabilityRule {
  const whole = rule.start_minute === null || rule.end_minute === null;
  return {
    id: rule.id,
    kind: rule.kind,
    weekday: rule.weekday,
    date: rule.date,
    start: whole ? null : wallTimeOfMinute(rule.start_minute as number),
    end: whole ? null : wallTimeOfMinute(rule.end_minute as number),
    effective_from: rule.effective_from,
    effective_until: rule.effective_until,
  };
}

/** Weekly windows first (by when they hold, then weekday and time), then exceptions by date and time. */
function byWhen(a: PersonRule, b: PersonRule): number {
  const weekly = (rule: PersonRule) => (rule.weekday === null ? 1 : 0);
  return (
    weekly(a) - weekly(b) ||
    (a.effective_from ?? "").localeCompare(b.effective_from ?? "") ||
    (a.weekday ?? 0) - (b.weekday ?? 0) ||
    (a.date ?? "").localeCompare(b.date ?? "") ||
    (a.start_minute ?? -1) - (b.start_minute ?? -1) ||
    a.id.localeCompare(b.id)
  );
}

/**
 * My availability (GET /api/my/availability): the weekly windows in effect
 * today or later and my exceptions from today on, today being the
 * organization's (its zone).
 */
export async function myAvailability(
  tx: Tx,
  who: { organizationId: string; userId: string },
  now = new Date(),
): Promise<MyAvailabilityResponse> {
  const settings = await tx
    .selectFrom("organization_settings")
    .select("time_zone")
    .where("organization_id", "=", who.organizationId)
    .executeTakeFirst();
  const zone = settings?.time_zone ?? "UTC";
  const today = todayIn(zone, now);
  const rules =
    (await availabilityOf(tx, who.organizationId, [who.userId], today, SCHEDULE_DATE_MAX)).get(who.userId) ?? [];
  return { rules: [...rules].sort(byWhen).map(presentRule), time_zone: zone };
}
