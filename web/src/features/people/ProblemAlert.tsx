import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { useProblemText } from "../../lib/problem-text.ts";

/** Why a request about the team failed: the app's words for it, said of a person where the people pages know more. */
export function ProblemAlert({ error, title }: { error: unknown; title?: string | undefined }) {
  const { t } = useTranslation("people");
  const problemText = useProblemText();
  const texts = { not_found: t("problems.notFound") };
  return <ErrorAlert title={title}>{problemText(error, { texts })}</ErrorAlert>;
}
