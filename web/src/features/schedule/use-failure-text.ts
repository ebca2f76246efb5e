import { useTranslation } from "react-i18next";
import { type ProblemTexts, useProblemText } from "../../lib/problem-text.ts";

/**
 * Why a write on the board failed, in one sentence (lib/problem-text.ts), said
 * of the schedule where that helps (no permission to change it, a shift gone
 * meanwhile). A failure of the server is logged with `logAs`, so it can be found.
 */
export function useFailureText(): (error: unknown, logAs: string, texts?: ProblemTexts) => string {
  const { t } = useTranslation("scheduleEdit");
  const problemText = useProblemText();
  return (error, logAs, texts) =>
    problemText(error, {
      logAs,
      texts: {
        forbidden: t("problems.forbidden"),
        not_found: t("problems.notFound"),
        ...texts,
      },
    });
}
