import { useTranslation } from "react-i18next";
import { type ProblemTexts, useProblemText } from "./problem-text.ts";

/** The namespaces whose `problems.forbidden` and `problems.notFound` say a refusal of their writes. */
type WriteNamespace = "scheduleEdit" | "timeClock";

/**
 * Why a write failed, in one sentence (problem-text.ts), said of the feature
 * where that helps (no permission to change it, a thing gone meanwhile); a
 * call's own `texts` win. A failure of the server is logged with `logAs`, so
 * it can be found.
 */
export function useWriteFailureText(
  ns: WriteNamespace,
): (error: unknown, logAs: string, texts?: ProblemTexts) => string {
  const { t } = useTranslation(ns);
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
