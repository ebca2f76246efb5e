import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useModalCount } from "../ModalCount/use-modal-count.ts";

interface DiscardChangesDialogProps {
  opened: boolean;
  /** What exactly would be lost ("The shift isn't saved…"); by default, unsaved changes in general. */
  message?: string | undefined;
  onDiscard(): void;
  onStay(): void;
}

/**
 * The one "ask before closing" question (spec §2, §4), for every form that
 * can be left with unsaved changes (the settings, the shift editor, a time
 * entry, the time clock's settings, a person's page): Discard lets the person
 * go on (close, switch tab, sign out, navigate) and loses the changes; Keep
 * editing (also Escape and the backdrop) goes back to the form. Focus starts
 * on Keep editing, the safe one. It sits above the dialog it guards and counts
 * as an open modal, so the page stays locked while it is up.
 */
export function DiscardChangesDialog({ opened, message, onDiscard, onStay }: DiscardChangesDialogProps) {
  const { t } = useTranslation("common");
  useModalCount(opened);
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t("discard.title")}
      centered
      radius="lg"
      size="sm"
      zIndex={400}
      lockScroll={false}
      withCloseButton={false}
    >
      <Text c="dimmed" mb="lg">
        {message ?? t("discard.message")}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onStay} data-autofocus>
          {t("discard.stay")}
        </Button>
        <Button color="red" onClick={onDiscard}>
          {t("discard.discard")}
        </Button>
      </Group>
    </Modal>
  );
}
