import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AdminListNamespace } from "./list-namespace.ts";

interface FormActionsProps {
  ns: AdminListNamespace;
  /** Editing an existing item ("Save") or creating one ("Create …"). */
  editing: boolean;
  pending: boolean;
  className?: string;
  onCancel(): void;
}

/** The form's Cancel and submit buttons, at its end. */
export function FormActions({ ns, editing, pending, className, onCancel }: FormActionsProps) {
  const { t } = useTranslation(ns);
  return (
    <Group justify="flex-end" gap="sm" className={className}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t("actions.cancel")}
      </Button>
      <Button type="submit" loading={pending}>
        {editing ? t("actions.save") : t("actions.createSubmit")}
      </Button>
    </Group>
  );
}
