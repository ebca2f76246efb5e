import { useTranslation } from "react-i18next";
import { GuardedModal } from "../../components/GuardedModal/GuardedModal.tsx";
import { SettingsLoader } from "./SettingsForm.tsx";

/**
 * The organization's time clock settings (managers): pay period, overtime,
 * rounding, early clock-in, location, the open-entry limit and lateness.
 * Saving sends only what changed; closing with unsaved changes asks first.
 */
export function SettingsModal({ opened, onClose, onSaved }: { opened: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation("timeClock");
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={t("settings.title")}
      closeLabel={t("editor.close")}
      discardMessage={t("discard.message")}
    >
      {(controls) => (
        <SettingsLoader
          onDirtyChange={controls.onDirtyChange}
          onCancel={controls.requestClose}
          onSaved={() => {
            controls.saved();
            onSaved();
          }}
        />
      )}
    </GuardedModal>
  );
}
