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
