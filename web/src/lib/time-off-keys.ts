/**
 * The root of every time-off query (the team calendar, balances, ledgers,
 * one's own time off): a decision anywhere (the calendar, the inbox)
 * invalidates it, so balances and the calendar follow.
 */
export const timeOffRootKey = ["timeOff"] as const;
