import { OTP_LENGTH } from "@workshift/contracts";

/**
 * The codes tried against one sent code: each is sent at most once by itself,
 * and one the server called wrong is never sent again (a new code starts afresh).
 */
export interface CodeAttempts {
  /** Codes sent to the server, whatever the answer. */
  sent: ReadonlySet<string>;
  /** Codes the server answered were wrong. */
  refused: ReadonlySet<string>;
}

export const noAttempts: CodeAttempts = { sent: new Set(), refused: new Set() };

/** Spec §5: exactly OTP_LENGTH digits. */
export const isCompleteCode = (code: string): boolean => code.length === OTP_LENGTH && /^\d+$/.test(code);

/**
 * What to do with the boxes' code: when the last digit is typed or pasted
 * ("typed"), or on Verify or Enter ("button").
 * - "incomplete": too short; Verify says so, typing just waits for more digits.
 * - "known-wrong": the server already refused this code: say so again without asking it.
 * - "wait": typed again after an attempt that failed for another reason (the network,
 *   a limit): only Verify sends it again.
 * - "send": check it with the server.
 */
export type CodeDecision = "incomplete" | "known-wrong" | "wait" | "send";

export function decideCode(code: string, attempts: CodeAttempts, trigger: "typed" | "button"): CodeDecision {
  if (!isCompleteCode(code)) return trigger === "typed" ? "wait" : "incomplete";
  if (attempts.refused.has(code)) return "known-wrong";
  if (trigger === "typed" && attempts.sent.has(code)) return "wait";
  return "send";
}

export function withSent(attempts: CodeAttempts, code: string): CodeAttempts {
  return { ...attempts, sent: new Set(attempts.sent).add(code) };
}

export function withRefused(attempts: CodeAttempts, code: string): CodeAttempts {
  return { sent: new Set(attempts.sent).add(code), refused: new Set(attempts.refused).add(code) };
}
