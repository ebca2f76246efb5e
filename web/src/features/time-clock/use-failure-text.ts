import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { editProblemOf } from "../../lib/edit-problem.ts";

/**
 * Why a time clock write failed, in one sentence: the server's own message
 * when it names a field (e.g. "This period is already approved"), else the
 * kind of problem (offline, not allowed…). An unexpected failure is logged
 * with `logAs`, so it can be found.
 */
export function useFailureText(): (error: unknown, logAs: string) => string {
  const { t } = useTranslation("timeClock");
  const fieldMessage = useFieldMessage();
  return (error, logAs) => {
    const key = Object.values(apiFieldErrors(error))[0];
    if (key) return String(fieldMessage(key));
    const problem = editProblemOf(error);
    if (problem === "generic") console.error(logAs, error);
    return t(`problems.${problem}`);
  };
}
