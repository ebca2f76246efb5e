import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AdminListNamespace } from "./list-namespace.ts";

interface FormModalProps {
  ns: AdminListNamespace;
  opened: boolean;
  /** Editing an existing item (else creating one): names the title. */
  editing: boolean;
  onClose(): void;
  /** The form, rendered only while the modal is open so each opening starts afresh. */
  children: ReactNode;
}

/** An admin list's create or edit form in a modal, full screen on a phone. */
export function FormModal({ ns, opened, editing, onClose, children }: FormModalProps) {
  const { t } = useTranslation(ns);
  const phone = useMediaQuery("(max-width: 47.99em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t("form.editTitle") : t("form.createTitle")}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("actions.cancel") }}
    >
      {opened ? children : null}
    </Modal>
  );
}
