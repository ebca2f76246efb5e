import { Alert, Anchor } from "@mantine/core";
import { IconInfoCircle, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";

/** This part is not for this person (no right to it, or the API said 403). */
export function ForbiddenAlert() {
  const { t } = useTranslation("timeOffSetup");
  return (
    <Alert
      variant="light"
      color="yellow"
      title={t("state.forbiddenTitle")}
      icon={<IconLock size={20} stroke={1.75} aria-hidden="true" />}
    >
      {t("state.forbidden")}
    </Alert>
  );
}

/** Something did not load; "Try again" asks once more. */
export function LoadFailedAlert({ onRetry, message }: { onRetry(): void; message?: string }) {
  const { t } = useTranslation("timeOffSetup");
  return (
    <ErrorAlert title={t("state.failedTitle")}>
      {message ?? t("state.failed")}{" "}
      <Anchor component="button" type="button" inherit fw={600} onClick={onRetry}>
        {t("state.retry")}
      </Anchor>
    </ErrorAlert>
  );
}

/** This person may read the settings but not change them. */
export function ReadOnlyAlert() {
  const { t } = useTranslation("timeOffSetup");
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}>
      {t("state.readOnly")}
    </Alert>
  );
}
