import { useTranslation } from "react-i18next";
import { type ProblemTexts, useProblemText } from "../../lib/problem-text.ts";

/**
 * Why a time clock write failed, in one sentence (lib/problem-text.ts): the
 * server's own message when it names a field (e.g. "This period is already
 * approved"), else the kind of problem, said of the timesheets where that
 * helps. A failure of the server is logged with `logAs`, so it can be found.
 */
export function useFailureText(): (error: unknown, logAs: string, texts?: ProblemTexts) => string {
  const { t } = useTranslation("timeClock");
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
