import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Archive is shown in red; restore in the brand colour. */
  danger?: boolean;
  busy: boolean;
  /** Why the last attempt failed, if it did. */
  failure: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** A small "are you sure" dialog (archive, restore); focus starts on Cancel, Escape closes it. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy,
  failure,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": cancelLabel }}>
      <Stack gap="md">
        <Text>{message}</Text>
        {failure ? (
          <Alert
            variant="light"
            color="red"
            role="alert"
            icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
          >
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={danger ? "red" : undefined} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
