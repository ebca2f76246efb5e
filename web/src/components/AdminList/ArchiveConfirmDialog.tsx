import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../ConfirmDialog/ConfirmDialog.tsx";
import type { AdminListNamespace, Archivable } from "./list-namespace.ts";

interface ArchiveConfirmDialogProps<T extends Archivable> {
  ns: AdminListNamespace;
  /** The item to archive or restore; the dialog is open while there is one. */
  item: T | null;
  loading: boolean;
  failure: string | null;
  onConfirm(item: T): void;
  onCancel(): void;
}

/** "Archive Kitchen?" or "Restore Kitchen?": archiving is the red answer, restoring is not. */
export function ArchiveConfirmDialog<T extends Archivable>({
  ns,
  item,
  loading,
  failure,
  onConfirm,
  onCancel,
}: ArchiveConfirmDialogProps<T>) {
  const { t } = useTranslation(ns);
  return (
    <ConfirmDialog
      opened={item !== null}
      title={item ? t(item.is_archived ? "confirm.restoreTitle" : "confirm.archiveTitle", { name: item.name }) : ""}
      message={item?.is_archived ? t("confirm.restoreMessage") : t("confirm.archiveMessage")}
      confirmLabel={item?.is_archived ? t("actions.restore") : t("actions.archive")}
      cancelLabel={t("actions.cancel")}
      danger={!item?.is_archived}
      loading={loading}
      failure={failure}
      onConfirm={() => {
        if (item) onConfirm(item);
      }}
      onCancel={onCancel}
    />
  );
}
