import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import type { Problem } from "../../lib/problem.ts";

export function ProblemAlert({ problem, title }: { problem: Problem; title?: string }) {
  const { t } = useTranslation("people");
  return <ErrorAlert title={title}>{t(`problems.${problem}`)}</ErrorAlert>;
}
