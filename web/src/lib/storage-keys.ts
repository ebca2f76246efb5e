/**
 * Every key the app keeps in browser storage, under one prefix (spec §1, §3).
 * The session keys are defined once, in the contracts, and only re-exported here.
 */
export { REFRESH_KEY, TOKEN_KEY } from "@workshift/contracts";

/** The chosen interface language, in localStorage and in a cookie of this name. */
export const LANGUAGE_KEY = "workshift_lng";
/** A random id for this browser, sent with one-time codes (see device-id.ts). */
export const DEVICE_ID_KEY = "workshift_device_id";
/** sessionStorage: the sign-in or sign-up waiting for its one-time code, so a reload keeps it. */
export const PENDING_CODE_KEY = "workshift_pendingCode";
/**
 * localStorage: whether the person lets the time clock send their position with punches,
 * "granted" or "declined", one key per person (`workshift_clockLocation:<user id>`).
 */
export const CLOCK_LOCATION_KEY = "workshift_clockLocation";
/** IndexedDB: the time clock's punches waiting to be sent, and the last clock status seen. */
export const PUNCH_DATABASE = "workshift-time-clock";
/** localStorage: how a phone shows the board's week, "agenda" (the default there) or "grid". */
export const SCHEDULE_LAYOUT_KEY = "workshift_scheduleLayout";
/** localStorage: the overview's setup checklist was hidden, one key per organization (`workshift_setupHidden:<id>`). */
export const SETUP_HIDDEN_KEY = "workshift_setupHidden";
