import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ErrorAlert } from "../ErrorAlert/ErrorAlert.tsx";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Red confirm button for what cannot be undone (delete, clear, discard). */
  danger?: boolean;
  loading?: boolean;
  /** Nothing to confirm (e.g. no drafts to clear): only the cancel answer works. */
  confirmDisabled?: boolean;
  /** Why the last try failed, shown above the buttons. */
  failure?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A yes/no question ("archive this job?", "delete these shifts?"). Focus
 * starts on the safe answer; Escape and the backdrop cancel (not while it
 * works); it sits above other dialogs, such as the shift editor.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  confirmDisabled = false,
  failure = null,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onCancel}
      title={title}
      centered
      radius="lg"
      size="sm"
      zIndex={400}
      withCloseButton={false}
    >
      {typeof message === "string" ? (
        <Text c="dimmed" mb="lg">
          {message}
        </Text>
      ) : (
        message
      )}
      {failure ? <ErrorAlert mb="md">{failure}</ErrorAlert> : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={danger ? "red" : undefined} onClick={onConfirm} loading={loading} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
