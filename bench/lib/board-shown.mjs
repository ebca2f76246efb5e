/**
 * In the page: the grid on screen with rows filling the first screen (or
 * every row, if fewer fit) and at least one shift card; as the schedule
 * suite's schedule.week_render_ms.
 */
export function boardShown() {
  const grid = document.querySelector('[data-testid="schedule-grid"]');
  if (!grid) return false;
  const rows = grid.querySelectorAll('[data-testid="schedule-row"]');
  const last = rows[rows.length - 1];
  if (!last || !grid.querySelector('[data-testid="shift-card"]')) return false;
  const screenBottom = Math.min(window.innerHeight, grid.getBoundingClientRect().bottom);
  const filled = last.getBoundingClientRect().bottom >= screenBottom - 1 || rows.length > 500;
  if (!filled) return false;
  // When the data's request left and its answer ended, on the page's clock: the rest is the page's own work.
  const data = performance.getEntriesByType("resource").find((entry) => entry.name.includes("/week?"));
  return {
    at: performance.now(),
    rows: rows.length,
    data: data && {
      sent: data.requestStart,
      ended: data.responseEnd,
      wire: data.encodedBodySize,
      size: data.decodedBodySize,
    },
  };
}
