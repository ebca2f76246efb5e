import { Alert, Anchor } from "@mantine/core";
import { IconInfoCircle, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../ErrorAlert/ErrorAlert.tsx";
import type { AdminListNamespace } from "./list-namespace.ts";

/** The list is not for this person (no right to view it, or the API said 403). */
export function ListForbiddenAlert({ ns }: { ns: AdminListNamespace }) {
  const { t } = useTranslation(ns);
  return (
    <Alert
      variant="light"
      color="yellow"
      title={t("list.forbiddenTitle")}
      icon={<IconLock size={20} stroke={1.75} aria-hidden="true" />}
    >
      {t("list.forbidden")}
    </Alert>
  );
}

/** The list did not load; "Try again" asks once more. */
export function ListLoadFailedAlert({ ns, onRetry }: { ns: AdminListNamespace; onRetry(): void }) {
  const { t } = useTranslation(ns);
  return (
    <ErrorAlert title={t("list.loadFailedTitle")}>
      {t("list.loadFailed")}{" "}
      <Anchor component="button" type="button" inherit fw={600} onClick={onRetry}>
        {t("list.retry")}
      </Anchor>
    </ErrorAlert>
  );
}

/** This person may read the list but not change it. */
export function ListReadOnlyAlert({ ns }: { ns: AdminListNamespace }) {
  const { t } = useTranslation(ns);
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}>
      {t("list.readOnly")}
    </Alert>
  );
}
