import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useModalCount } from "../../components/ModalCount/use-modal-count.ts";

interface DiscardDialogProps {
  opened: boolean;
  onDiscard(): void;
  onStay(): void;
}

/**
 * The discard-changes confirmation (spec §2, §4): Discard lets the person go
 * on (close, switch tab, sign out) and loses the changes; Stay (also Escape
 * and the backdrop) goes back to the form. Focus starts on Stay, the safe one.
 */
export function DiscardDialog({ opened, onDiscard, onStay }: DiscardDialogProps) {
  const { t } = useTranslation("settings");
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
        {t("discard.message")}
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
