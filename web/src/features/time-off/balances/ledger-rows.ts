import type { LedgerEntry, LedgerKind } from "@workshift/contracts";

/**
 * What the ledger table shows: time off taken is written one entry per day
 * of leave, so consecutive entries of one request are read as one line
 * ("Time off 3–4 Mar", its total, the balance after its last day).
 */
export interface LedgerRow {
  key: string;
  kind: LedgerKind;
  /** First and last day it covers (the same day for most entries). */
  from: string;
  to: string;
  minutes: number;
  balance_minutes: number;
  request_id: string | null;
  period_start: string | null;
  reason: string | null;
  created_by: LedgerEntry["created_by"];
}

export function ledgerRows(entries: readonly LedgerEntry[]): LedgerRow[] {
  const rows: LedgerRow[] = [];
  entries.forEach((entry, index) => {
    const last = rows.at(-1);
    if (
      last &&
      entry.kind === "taken" &&
      last.kind === "taken" &&
      entry.request_id !== null &&
      last.request_id === entry.request_id
    ) {
      last.to = entry.effective_on;
      last.minutes += entry.minutes;
      last.balance_minutes = entry.balance_minutes;
      return;
    }
    rows.push({
      key: entry.id ?? `${entry.kind}-${entry.effective_on}-${index}`,
      kind: entry.kind,
      from: entry.effective_on,
      to: entry.effective_on,
      minutes: entry.minutes,
      balance_minutes: entry.balance_minutes,
      request_id: entry.request_id,
      period_start: entry.period_start,
      reason: entry.reason,
      created_by: entry.created_by,
    });
  });
  return rows;
}

/** The cause's key and values (dates still as ISO days) for the timeOffSetup namespace. */
export type LedgerCause =
  | { key: "ledger.cause.taken"; from: string; to: string }
  | { key: "ledger.cause.period"; from: string; to: string }
  | { key: "ledger.cause.grant" | "ledger.cause.carryover" | "ledger.cause.expiry" | "ledger.cause.accrual" }
  | { key: "ledger.cause.adjustment"; reason: string; by: string | null };

export function ledgerCause(row: LedgerRow): LedgerCause {
  switch (row.kind) {
    case "taken":
      return { key: "ledger.cause.taken", from: row.from, to: row.to };
    case "accrual":
      // An accrual of hours worked is dated at its pay period's last day.
      return row.period_start
        ? { key: "ledger.cause.period", from: row.period_start, to: row.to }
        : { key: "ledger.cause.accrual" };
    case "adjustment":
      return {
        key: "ledger.cause.adjustment",
        reason: row.reason ?? "",
        by: row.created_by ? `${row.created_by.first_name} ${row.created_by.last_name}`.trim() : null,
      };
    default:
      return { key: `ledger.cause.${row.kind}` };
  }
}

/** A day, or a range of days, as the reader writes them ("3 Mar", "3–4 Mar"); days are ISO dates. */
export function formatDayRange(from: string, to: string, language: string | undefined): string {
  const format = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" });
  const start = new Date(`${from}T00:00:00Z`);
  if (from === to) return format.format(start);
  return format.formatRange(start, new Date(`${to}T00:00:00Z`));
}
