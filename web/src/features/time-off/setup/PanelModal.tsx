import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A form of the time-off settings in a modal (full screen on a phone); the form mounts only while open, so each opening starts afresh. */
export function PanelModal({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation("timeOffSetup");
  const phone = useMediaQuery("(max-width: 47.99em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("actions.cancel") }}
    >
      {opened ? children : null}
    </Modal>
  );
}
