/** The time-off settings tab: leave types, policies, holidays, blocked dates, limits. */
export function SetupPanel() {
  return null;
}
