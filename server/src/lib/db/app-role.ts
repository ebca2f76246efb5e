/**
 * The role every application query runs as. It owns nothing and has no
 * BYPASSRLS, so row-level security applies to it even when the connecting user
 * is a superuser (as PGlite's only user is). Migrations create it.
 */
export const APP_ROLE = "workshift_app";

/** The transaction-local setting that row-level security policies read. */
export const ORG_SETTING = "app.organization_id";

/** The transaction-local setting naming the person acting (for their own memberships). */
export const USER_SETTING = "app.user_id";

/** The transaction-local setting naming an invitation by its token's hash (policy by_token). */
export const INVITATION_SETTING = "app.invitation_token_hash";

/** The transaction-local setting naming a calendar feed by its token's hash (policy by_token). */
export const CALENDAR_SETTING = "app.calendar_token_hash";
