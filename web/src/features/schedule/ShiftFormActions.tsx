import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./ScheduleEdit.module.css";

/** The editor's buttons: Delete (an existing shift) apart, then Cancel (Close when read-only) and Save. */
export function ShiftFormActions({
  readOnly,
  canDelete,
  saveLabel,
  saving,
  deleting,
  blocked,
  blockedReasonId,
  onDelete,
  onClose,
}: {
  readOnly: boolean;
  canDelete: boolean;
  saveLabel: string;
  saving: boolean;
  deleting: boolean;
  /** A shift is in the way: saving waits until the values change. */
  blocked: boolean;
  /** What says why saving is blocked (read with the button). */
  blockedReasonId?: string | undefined;
  onDelete(): void;
  onClose(): void;
}) {
  const { t } = useTranslation("scheduleEdit");
  return (
    <Group justify="space-between" gap="sm" className={classes.actions}>
      <div>
        {canDelete ? (
          <Button variant="subtle" color="red" onClick={onDelete} disabled={saving || deleting}>
            {t("editor.delete")}
          </Button>
        ) : null}
      </div>
      <Group gap="sm">
        <Button variant="default" onClick={onClose} disabled={saving}>
          {readOnly ? t("editor.close") : t("editor.cancel")}
        </Button>
        {!readOnly ? (
          <Button
            type="submit"
            loading={saving}
            disabled={blocked}
            aria-describedby={blockedReasonId}
            data-testid="shift-editor-save"
          >
            {saveLabel}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
