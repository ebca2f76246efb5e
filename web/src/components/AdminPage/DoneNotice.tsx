import { Alert } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLiveLanguage } from "../../i18n/use-live-language.ts";

/** What the last action did ("Kitchen is archived."), announced politely, until dismissed or the language changes. */
export function DoneNotice({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  const { t } = useTranslation("common");
  const live = useLiveLanguage(onDismiss);
  if (!text) return null;
  return (
    <Alert
      variant="light"
      color="green"
      role="status"
      {...live}
      icon={<IconCircleCheck size={20} stroke={1.75} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={t("dismiss")}
      onClose={onDismiss}
    >
      {text}
    </Alert>
  );
}
