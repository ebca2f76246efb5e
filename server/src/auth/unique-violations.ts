/**
 * Which account field a unique violation (SQLSTATE 23505) is about, by the
 * constraint the database names: two edits or sign-ups racing for one phone or
 * one verified email pass their checks together and the unique index decides.
 * Anything else is not a clash between people and stays an error.
 */
export type AccountField = "phone" | "email";

const constraintField: Record<string, AccountField> = {
  /** users.phone unique (0002). */
  users_phone_key: "phone",
  /** users.email unique among verified addresses (0006). */
  users_verified_email: "email",
};

export function uniqueViolationField(error: unknown): AccountField | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== "23505" || typeof constraint !== "string") return null;
  return constraintField[constraint] ?? null;
}

/** The constraint a unique violation (SQLSTATE 23505) names, or null for any other error. */
export function uniqueViolationConstraint(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === "23505" && typeof constraint === "string" ? constraint : null;
}
