/*
 * Which pool a replica-eligible read goes to. Pure: the caller brings what
 * the reader last wrote (their cookie's WAL position), what the replica has
 * replayed and how far behind it is.
 */

/** A WAL position as PostgreSQL writes it ('16/B374D848': two hex numbers, the high and low 32 bits). */
const LSN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** The position as one number, or null when the text is not a WAL position. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const match = text ? LSN.exec(text) : null;
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** Whether position `a` is at or past `b` (both valid positions). */
export function lsnAtLeast(a: string, b: string): boolean {
  const left = parseLsn(a);
  const right = parseLsn(b);
  if (left === null || right === null) throw new Error(`not a WAL position: ${left === null ? a : b}`);
  return left >= right;
}

/** What the replica last said of itself; null when it could not be reached. */
export interface ReplicaState {
  /** The last WAL position it replayed. */
  replayed: string;
  /** How far behind the primary it is, in milliseconds (0 when it has replayed all it received). */
  lagMs: number;
}

export type ReadPool = "replica" | "primary";

/** How far behind the replica may be and still serve (DATABASE_READ_MAX_LAG_MS). */
export const DEFAULT_READ_MAX_LAG_MS = 10_000;

/**
 * The replica when it answers, is not further behind than `maxLagMs`, and has
 * replayed the reader's own last write (`written`, from their cookie; a
 * missing or malformed one asks for nothing); the primary otherwise.
 */
export function chooseReadPool(options: {
  written: string | null;
  replica: ReplicaState | null;
  maxLagMs: number;
}): ReadPool {
  const { written, replica, maxLagMs } = options;
  if (replica === null || parseLsn(replica.replayed) === null) return "primary";
  if (replica.lagMs > maxLagMs) return "primary";
  if (written !== null && parseLsn(written) !== null && !lsnAtLeast(replica.replayed, written)) return "primary";
  return "replica";
}
