/** SQLSTATE of a unique violation (a unique index or constraint); the others of class 23 are told by name. */
export const UNIQUE_VIOLATION = "23505";

/** A constraint the database refused a write for: its SQLSTATE and its name (a unique index's name, for one). */
export interface Violation {
  code: string;
  constraint: string;
}

/**
 * The constraint a write broke, or undefined for any other error (a lost
 * connection, a bug). `pg` and PGlite (through its node-postgres adapter) both
 * raise pg-protocol's DatabaseError, carrying PostgreSQL's SQLSTATE as `code`
 * and the constraint's name as `constraint`; the fields are read by name, not
 * by class, since the two load their own copies of that class.
 */
export function violatedConstraint(error: unknown): Violation | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (typeof code !== "string" || !code.startsWith("23") || typeof constraint !== "string") return undefined;
  return { code, constraint };
}

/** The refusal a caller gives for each constraint a write may break, by the constraint's name. */
export type ConstraintRefusals = Readonly<Record<string, () => Error>>;

/** Throws the caller's refusal for the constraint `error` broke, or `error` itself when it names none of them. */
export function rethrowConstraint(error: unknown, refusals: ConstraintRefusals): never {
  const violation = violatedConstraint(error);
  const refuse =
    violation && Object.hasOwn(refusals, violation.constraint) ? refusals[violation.constraint] : undefined;
  throw refuse ? refuse() : error;
}

/**
 * Runs a write, answering a broken constraint with the caller's refusal: two
 * requests racing past the same check are decided by the database, and the
 * loser hears what the check would have told it. The transaction is aborted
 * then; the refusal ends it.
 */
export async function refusingConstraints<T>(refusals: ConstraintRefusals, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    rethrowConstraint(error, refusals);
  }
}
