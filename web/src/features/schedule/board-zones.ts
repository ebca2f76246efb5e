import type { WeekResponse } from "@workshift/contracts";

/**
 * The zone of each board a week names: the shown boards' and those of the
 * people's shifts elsewhere. A shift is on its board's day and wall clock
 * (contracts' zoneOfWork), whichever board or "all" it is looked at from, so
 * placing, totals, warnings, times and moves all read its board's zone. A
 * board the week does not name falls back to the week's zone.
 */
export type ZoneOfBoard = (boardId: string) => string;

const lookups = new WeakMap<object, ZoneOfBoard>();

export function boardZones(week: Pick<WeekResponse, "boards" | "nearby_shifts" | "time_zone">): ZoneOfBoard {
  const known = lookups.get(week);
  if (known) return known;
  const zones = new Map<string, string>();
  for (const shift of week.nearby_shifts) zones.set(shift.board_id, shift.time_zone);
  for (const board of week.boards) zones.set(board.id, board.time_zone);
  const fallback = week.time_zone;
  const lookup: ZoneOfBoard = (boardId) => zones.get(boardId) ?? fallback;
  lookups.set(week, lookup);
  return lookup;
}
