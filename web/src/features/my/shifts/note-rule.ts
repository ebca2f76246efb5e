import { requestRefuseSchema } from "@workshift/contracts";

/**
 * The rule of a note to a request (or of the reason for turning one down),
 * the API's own: optional, at most REQUEST_NOTE_MAX once trimmed, no control
 * characters. Its message key, or null.
 */
export function noteProblem(note: string): string | null {
  const trimmed = note.trim();
  if (trimmed === "") return null;
  const parsed = requestRefuseSchema.shape.reason.safeParse(trimmed);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "requests.noteTooLong");
}
