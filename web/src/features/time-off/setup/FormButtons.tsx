import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A form's Cancel and submit, at its end. */
export function FormButtons({
  pending,
  submitLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel?: string;
  onCancel(): void;
}) {
  const { t } = useTranslation("timeOffSetup");
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t("actions.cancel")}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel ?? t("actions.save")}
      </Button>
    </Group>
  );
}
