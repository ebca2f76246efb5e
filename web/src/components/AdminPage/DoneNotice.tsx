import { Alert } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";

/** What the last action did ("Kitchen is archived."), announced politely, until dismissed. */
export function DoneNotice({
  text,
  dismissLabel,
  onDismiss,
}: {
  text: string | null;
  dismissLabel: string;
  onDismiss: () => void;
}) {
  if (!text) return null;
  return (
    <Alert
      variant="light"
      color="green"
      role="status"
      icon={<IconCircleCheck size={20} stroke={1.75} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={dismissLabel}
      onClose={onDismiss}
    >
      {text}
    </Alert>
  );
}
