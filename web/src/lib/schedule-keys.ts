/**
 * Query keys of the scheduling board. Every key starts with "schedule", so one
 * invalidation (after a save, a publish, or a change heard live from another
 * manager) refreshes the week, the month and the employee's own shifts.
 */
export const scheduleKeys = {
  all: ["schedule"] as const,
  week: (scope: string, date: string) => ["schedule", "week", scope, date] as const,
  month: (scope: string, month: string) => ["schedule", "month", scope, month] as const,
  templates: (boardId: string) => ["schedule", "templates", boardId] as const,
  mine: (from: string, to: string) => ["schedule", "mine", from, to] as const,
  calendarFeed: ["schedule", "calendar-feed"] as const,
};
