import { Alert } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** What the last action did ("Kitchen is archived."), announced politely, until dismissed. */
export function DoneNotice({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  const { t } = useTranslation("common");
  if (!text) return null;
  return (
    <Alert
      variant="light"
      color="green"
      role="status"
      icon={<IconCircleCheck size={20} stroke={1.75} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={t("dismiss")}
      onClose={onDismiss}
    >
      {text}
    </Alert>
  );
}
