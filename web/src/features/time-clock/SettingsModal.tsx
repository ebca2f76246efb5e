import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { SettingsLoader } from "./SettingsForm.tsx";

/**
 * The organization's time clock settings (managers): pay period, overtime,
 * rounding, early clock-in, location, the open-entry limit and lateness.
 * Saving sends only what changed; closing with unsaved changes asks first.
 */
export function SettingsModal({ opened, onClose, onSaved }: { opened: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation("timeClock");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    dirty.current = false;
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    // Asked after the Escape that got here has finished (every open modal hears it on the window).
    if (dirty.current) setTimeout(() => setAsking(true), 0);
    else close();
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        closeOnEscape={!asking}
        title={t("settings.title")}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ "aria-label": t("editor.close") }}
      >
        {opened ? (
          <SettingsLoader
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
            onCancel={requestClose}
            onSaved={() => {
              dirty.current = false;
              onSaved();
            }}
          />
        ) : null}
      </Modal>
      <DiscardChangesDialog
        opened={asking}
        message={t("discard.message")}
        onDiscard={close}
        onStay={() => setAsking(false)}
      />
    </>
  );
}
