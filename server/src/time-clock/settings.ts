import {
  DEFAULT_TIME_CLOCK_SETTINGS,
  type TimeClockSettings,
  type TimeClockSettingsUpdate,
  timeClockSettingsSchema,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/** The time clock's settings with the organization's calendar (its zone and week start). */
export interface ClockSettings extends TimeClockSettings {
  time_zone: string;
  week_start: number;
}

/** The query of the organization's time clock settings row (for a caller that sends it with other reads). */
export function clockSettingsQuery(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("organization_settings")
    .select([
      "time_zone",
      "week_start",
      "pay_period",
      sql<string>`pay_period_anchor::text`.as("pay_period_anchor"),
      "overtime_weekly_minutes",
      "overtime_daily_minutes",
      "overtime_multiplier",
      "rounding_minutes",
      "early_minutes",
      "early_policy",
      "location_policy",
      "open_limit_minutes",
      "late_after_minutes",
    ])
    .where("organization_id", "=", organizationId);
}

type SettingsRow = Awaited<ReturnType<ReturnType<typeof clockSettingsQuery>["executeTakeFirst"]>>;

/** The settings of clockSettingsQuery's row; an organization without a settings row has the defaults. */
export function clockSettingsOf(
  row: { [K in keyof NonNullable<SettingsRow>]: NonNullable<SettingsRow>[K] | number } | undefined,
): ClockSettings {
  if (!row) return { ...DEFAULT_TIME_CLOCK_SETTINGS, time_zone: "UTC", week_start: 1 };
  const stored = timeClockSettingsSchema.parse({
    pay_period: row.pay_period,
    pay_period_anchor: row.pay_period_anchor,
    overtime_weekly_minutes: row.overtime_weekly_minutes === null ? null : Number(row.overtime_weekly_minutes),
    overtime_daily_minutes: row.overtime_daily_minutes === null ? null : Number(row.overtime_daily_minutes),
    overtime_multiplier: Number(row.overtime_multiplier),
    rounding_minutes: Number(row.rounding_minutes),
    early_minutes: Number(row.early_minutes),
    early_policy: row.early_policy,
    location_policy: row.location_policy,
    open_limit_minutes: Number(row.open_limit_minutes),
    late_after_minutes: Number(row.late_after_minutes),
  });
  return { ...stored, time_zone: String(row.time_zone), week_start: Number(row.week_start) };
}

/** The organization's time clock settings; an organization without a settings row has the defaults. */
export async function clockSettings(tx: Tx, organizationId: string): Promise<ClockSettings> {
  return clockSettingsOf(await clockSettingsQuery(tx, organizationId).executeTakeFirst());
}

/** Writes the given settings (the others stay), creating the settings row if the organization has none. */
export async function updateClockSettings(
  tx: Tx,
  organizationId: string,
  changes: TimeClockSettingsUpdate,
): Promise<void> {
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return;
  const row = { ...values, updated_at: sql<Date>`now()` } as Record<string, unknown>;
  if (typeof row.overtime_multiplier === "number") row.overtime_multiplier = String(row.overtime_multiplier);
  await tx
    .insertInto("organization_settings")
    .values({ organization_id: organizationId, ...row })
    .onConflict((conflict) => conflict.column("organization_id").doUpdateSet(row))
    .execute();
}
