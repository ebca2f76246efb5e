import { Button } from "@mantine/core";
import { IconTrash, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import classes from "./SchedulePage.module.css";

interface SelectionBarProps {
  count: number;
  canManage: boolean;
  onDelete(): Promise<boolean>;
  onClear(): void;
}

/** "N selected" with Delete and Clear; Publish for the selection is in the week's actions. */
export function SelectionBar({ count, canManage, onDelete, onClear }: SelectionBarProps) {
  const { t } = useTranslation("schedule");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (count === 0) return null;
  return (
    <div className={classes.selectionBar} data-testid="selection-bar">
      <span className={classes.selectionCount} role="status">
        {t("selection.count", { count })}
      </span>
      {canManage ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} stroke={1.75} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          {t("selection.delete")}
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="subtle"
        color="gray"
        leftSection={<IconX size={16} stroke={1.75} aria-hidden="true" />}
        onClick={onClear}
      >
        {t("selection.clear")}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t("selection.confirmTitle", { count })}
        message={t("selection.confirmMessage")}
        confirmLabel={t("selection.delete")}
        cancelLabel={t("confirmDelete.cancel")}
        danger
        loading={busy}
        onConfirm={async () => {
          setBusy(true);
          const done = await onDelete();
          setBusy(false);
          setConfirming(false);
          if (done) onClear();
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
