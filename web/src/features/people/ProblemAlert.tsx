import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Problem } from "./problem.ts";

export function ProblemAlert({ problem, title }: { problem: Problem; title?: string }) {
  const { t } = useTranslation("people");
  return (
    <Alert
      variant="light"
      color="red"
      role="alert"
      title={title}
      icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
    >
      {t(`problems.${problem}`)}
    </Alert>
  );
}
