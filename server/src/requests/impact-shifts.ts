import { addDays, dayStartOf, type ErrorCode, localDateOf, type RequestImpact } from "@workshift/contracts";
import { availabilityQuery, type PersonRule, rulesByPerson } from "../availability/rules.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { approvedLeaveDays, type LeaveDay } from "../time-off/leave-days-read.ts";
import { eligibilityKey, eligibleSet } from "./eligible-set.ts";
import {
  type CoverageDay,
  coverageCounts,
  jobsOfPeople,
  type PersonWindow,
  type ShiftNow,
  shiftsAround,
  shiftsNow,
} from "./impact-shift-data.ts";
import { coverageKey, type Move, type ShiftFacts, shiftFigures, windowOf } from "./impact-shift-figures.ts";
import type { ReadBatch, Row } from "./read-batch.ts";
import { detailsOf, type RequestRow, type ShiftSnapshot } from "./records.ts";

/**
 * The impact of a page's claims, covers and swaps, in two waves of reads
 * whatever their number: the shifts now, then (together) the people's
 * shifts around them, the boards' days for coverage, the takers' jobs,
 * eligibility, availability and approved leave.
 */

const byPerson = (days: readonly LeaveDay[]): Map<string, LeaveDay[]> => {
  const map = new Map<string, LeaveDay[]>();
  for (const day of days) map.set(day.user_id, [...(map.get(day.user_id) ?? []), day]);
  return map;
};

const shiftIdOf = (id: string | null, snapshot: ShiftSnapshot | undefined) => id ?? snapshot?.id ?? null;

/** Why the shift as it is now no longer is the shift asked for, if it is not. */
function shiftDrift(kind: string, snapshot: ShiftSnapshot | undefined, now: ShiftNow | undefined): ErrorCode | null {
  if (!now || now.gone) return "request_shift_changed";
  if (!snapshot) return null;
  const moved =
    Date.parse(snapshot.starts_at) !== Date.parse(now.starts_at) ||
    Date.parse(snapshot.ends_at) !== Date.parse(now.ends_at) ||
    snapshot.board_id !== now.board_id;
  if (moved) return "request_shift_changed";
  if (kind === "claim") return now.user_id === null ? null : "request_shift_taken";
  return now.user_id === snapshot.user_id ? null : "request_shift_changed";
}

/** Who would work each shift once approved; null when a shift is gone (nothing would apply). */
function movesOf(row: RequestRow, shifts: Map<string, ShiftNow>): Move[] | null {
  const details = detailsOf(row);
  const main = shifts.get(shiftIdOf(row.shift_id, details.shift) ?? "");
  if (!main || main.gone) return null;
  if (row.kind === "claim") return [{ shift: main, from: main.user_id, to: row.author_id }];
  if (row.kind === "cover") return [{ shift: main, from: main.user_id, to: row.taker_id }];
  const other = shifts.get(shiftIdOf(row.other_shift_id, details.other_shift) ?? "");
  if (!other || other.gone) return null;
  return [
    { shift: main, from: main.user_id, to: row.to_user_id },
    { shift: other, from: other.user_id, to: row.author_id },
  ];
}

const peopleOf = (row: RequestRow, moves: readonly Move[]): string[] => [
  ...new Set(
    [row.author_id, ...moves.flatMap((move) => [move.from, move.to])].filter((id): id is string => id !== null),
  ),
];

const emptyFigures = (blockers: ErrorCode[]): Omit<RequestImpact, "entry" | "time_off"> => ({
  blockers,
  assignments: [],
  hours: [],
  warnings: [],
  availability_conflicts: [],
  time_off_conflicts: [],
  coverage: null,
});

export async function shiftImpacts(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  rows: readonly RequestRow[],
  now: Date,
): Promise<Map<string, RequestImpact>> {
  const result = new Map<string, RequestImpact>();
  if (rows.length === 0) return result;
  const ids = rows.flatMap((row) => {
    const details = detailsOf(row);
    return [shiftIdOf(row.shift_id, details.shift), shiftIdOf(row.other_shift_id, details.other_shift)];
  });
  const shifts = await shiftsNow(
    tx,
    batch,
    organizationId,
    ids.filter((id): id is string => id !== null),
  );

  const planned = rows.map((row) => {
    const moves = movesOf(row, shifts);
    return { row, moves, people: moves ? peopleOf(row, moves) : [] };
  });
  const windows = new Map<string, PersonWindow>();
  const days = new Map<string, CoverageDay>();
  const takers = new Set<string>();
  const questions: { user_id: string; board_id: string; job_id: string | null }[] = [];
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  for (const { moves, people } of planned) {
    if (!moves) continue;
    for (const move of moves) {
      const shift = move.shift;
      const { from, to } = windowOf(shift);
      for (const userId of people) windows.set(`${userId}|${from}|${to}`, { user_id: userId, from, to });
      if (move.to !== null) {
        takers.add(move.to);
        questions.push({ user_id: move.to, board_id: shift.board_id, job_id: shift.job_id });
        const first = localDateOf(shift.starts_at, shift.zone);
        const last = localDateOf(shift.ends_at, shift.zone);
        if (firstDate === null || first < firstDate) firstDate = first;
        if (lastDate === null || last > lastDate) lastDate = last;
      }
    }
    const main = moves[0]?.shift;
    if (main) {
      const key = coverageKey(main);
      const date = localDateOf(main.starts_at, main.zone);
      const day = days.get(key) ?? {
        key,
        board_id: main.board_id,
        job_id: main.job_id,
        from: dayStartOf(date, main.zone),
        to: dayStartOf(addDays(date, 1), main.zone),
        people: [],
      };
      const named = moves.flatMap((move) => [move.from, move.to]).filter((id): id is string => id !== null);
      days.set(key, { ...day, people: [...new Set([...day.people, ...named])] });
    }
  }

  const [around, coverage, jobs, eligible, availability, leave] = await Promise.all([
    shiftsAround(batch, organizationId, [...windows.values()]),
    coverageCounts(batch, organizationId, [...days.values()]),
    jobsOfPeople(tx, batch, organizationId, [...takers]),
    eligibleSet(batch, organizationId, questions),
    firstDate === null || lastDate === null
      ? new Map<string, PersonRule[]>()
      : batch
          .rows<Row<ReturnType<typeof availabilityQuery>>>(
            availabilityQuery(tx, organizationId, [...takers], firstDate, lastDate),
          )
          .then(rulesByPerson),
    firstDate === null || lastDate === null
      ? new Map<string, LeaveDay[]>()
      : // A day more each way: a leave day is a date in its person's zone, the shift's in its board's.
        approvedLeaveDays(tx, organizationId, [...takers], addDays(firstDate, -1), addDays(lastDate, 1)).then(byPerson),
  ]);
  const facts: ShiftFacts = {
    around: around.byPerson,
    zones: around.zones,
    coverage,
    jobs,
    eligible,
    availability,
    leave,
    now: now.getTime(),
  };
  const keyOf = (userId: string, shift: ShiftNow) =>
    eligibilityKey({ user_id: userId, board_id: shift.board_id, job_id: shift.job_id });

  for (const { row, moves, people } of planned) {
    const details = detailsOf(row);
    const drift = [
      shiftDrift(row.kind, details.shift, shifts.get(shiftIdOf(row.shift_id, details.shift) ?? "")),
      row.kind === "swap"
        ? shiftDrift(
            row.kind,
            details.other_shift,
            shifts.get(shiftIdOf(row.other_shift_id, details.other_shift) ?? ""),
          )
        : null,
    ].filter((code): code is ErrorCode => code !== null);
    const figures = moves ? shiftFigures(moves, people, facts, keyOf) : emptyFigures([]);
    result.set(row.id, {
      ...figures,
      blockers: [...new Set([...drift, ...figures.blockers])],
      entry: null,
      time_off: null,
    });
  }
  return result;
}
