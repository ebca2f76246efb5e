/** Requests as the inbox lists them, and the English texts, for the inbox's unit tests. */
import type { InboxItem, RequestImpact, RequestShift } from "@workshift/contracts";
import i18next, { type TFunction } from "i18next";

/** The English texts, read as the locales test reads them (a glob, not an import across the source tree). */
const [en] = Object.values(
  import.meta.glob<Record<string, unknown>>("../../../public/locales/en/requests.json", {
    eager: true,
    import: "default",
  }),
);

export const SAM = { user_id: "0a000000-0000-4000-8000-000000000001", first_name: "Sam", last_name: "Lee" };
export const ANA = { user_id: "0a000000-0000-4000-8000-000000000002", first_name: "Ana", last_name: "Ruiz" };
export const BOARD_ID = "0b000000-0000-4000-8000-000000000001";
export const JOB = { id: "0c000000-0000-4000-8000-000000000001", name: "Barista", color: "#1971c2" };

let serial = 0;
const uuid = (prefix: string) => `${prefix}000000-0000-4000-8000-${String(++serial).padStart(12, "0")}`;

export function shift(overrides: Partial<RequestShift> = {}): RequestShift {
  return {
    id: uuid("5f"),
    board: { id: BOARD_ID, name: "Downtown" },
    job: JOB,
    user_id: null,
    // 09:00–17:00 in New York on Monday 2 March 2026.
    starts_at: "2026-03-02T14:00:00.000Z",
    ends_at: "2026-03-02T22:00:00.000Z",
    break_minutes: 30,
    time_zone: "America/New_York",
    gone: false,
    ...overrides,
  };
}

export function impact(overrides: Partial<RequestImpact> = {}): RequestImpact {
  return {
    blockers: [],
    assignments: [],
    hours: [],
    warnings: [],
    availability_conflicts: [],
    time_off_conflicts: [],
    coverage: null,
    entry: null,
    time_off: null,
    ...overrides,
  };
}

export function item(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    id: uuid("1e"),
    kind: "claim",
    status: "pending",
    author: SAM,
    shift: null,
    other_shift: null,
    to_user: null,
    taker: null,
    availability: null,
    correction: null,
    time_off: null,
    note: null,
    board_id: BOARD_ID,
    date: "2026-03-02",
    decision: null,
    refusal_reason: null,
    closed_code: null,
    created_at: "2026-02-27T10:00:00.000Z",
    updated_at: "2026-02-27T10:00:00.000Z",
    version: 1,
    impact: impact(),
    ...overrides,
  };
}

/** The inbox's English texts through a real i18next, as the page reads them. */
export async function englishT(): Promise<TFunction<"requests">> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: "en",
    ns: ["requests"],
    defaultNS: "requests",
    resources: { en: { requests: en ?? {} } },
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT("en", "requests") as unknown as TFunction<"requests">;
}

/** Text without the isolation marks around names and figures, and with Intl's narrow spaces as plain ones. */
export const plain = (text: string): string => text.replace(/[\u2068\u2069]/g, "").replace(/\s/g, " ");
