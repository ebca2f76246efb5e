import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AdminListNamespace, Archivable } from "./list-namespace.ts";

interface EditArchiveButtonsProps {
  ns: AdminListNamespace;
  item: Archivable;
  onEdit(): void;
  onArchive(): void;
}

/** A row's or card's "Edit" and "Archive" (or "Restore") buttons, labelled with the item's name. */
export function EditArchiveButtons({ ns, item, onEdit, onArchive }: EditArchiveButtonsProps) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Button size="xs" variant="default" aria-label={t("actions.editNamed", { name: item.name })} onClick={onEdit}>
        {t("actions.edit")}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color={item.is_archived ? undefined : "red"}
        aria-label={t(item.is_archived ? "actions.restoreNamed" : "actions.archiveNamed", { name: item.name })}
        onClick={onArchive}
      >
        {item.is_archived ? t("actions.restore") : t("actions.archive")}
      </Button>
    </>
  );
}
