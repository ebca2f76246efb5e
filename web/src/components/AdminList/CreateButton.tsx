import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { AdminListNamespace } from "./list-namespace.ts";

/** The list's "Create …" button, in the page header and in the empty list. */
export function CreateButton({ ns, onClick }: { ns: AdminListNamespace; onClick(): void }) {
  const { t } = useTranslation(ns);
  return (
    <Button leftSection={<IconPlus size={18} stroke={1.75} aria-hidden="true" />} onClick={onClick}>
      {t("actions.create")}
    </Button>
  );
}
