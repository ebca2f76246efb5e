import { UNIQUE_VIOLATION, violatedConstraint } from "../lib/db/constraint-errors.ts";

/**
 * Which account field a unique violation is about, by the constraint the
 * database names: two edits or sign-ups racing for one phone or one verified
 * email pass their checks together and the unique index decides. Anything
 * else is not a clash between people and stays an error.
 */
export type AccountField = "phone" | "email";

const constraintField: Record<string, AccountField> = {
  /** users.phone unique (0002). */
  users_phone_key: "phone",
  /** users.email unique among verified addresses (0006). */
  users_verified_email: "email",
};

export function uniqueViolationField(error: unknown): AccountField | null {
  const violation = violatedConstraint(error);
  if (violation?.code !== UNIQUE_VIOLATION) return null;
  return constraintField[violation.constraint] ?? null;
}
