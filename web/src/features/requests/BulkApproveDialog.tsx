import { Alert, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconBan } from "@tabler/icons-react";
import type { InboxItem } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { bulkPreview } from "./bulk.ts";
import { formatCount } from "./request-format.ts";

interface BulkApproveDialogProps {
  /** The selected requests; null when closed. */
  items: readonly InboxItem[] | null;
  onApprove(items: readonly InboxItem[]): Promise<void>;
  failureText(error: unknown): string;
  onClose(): void;
}

/**
 * Approving many asks once, saying what the impact already shows: how many
 * would be refused now (they stay waiting) and how many make overtime or
 * break a rule. Each is then decided on its own by the server.
 */
export function BulkApproveDialog({ items, onApprove, failureText, onClose }: BulkApproveDialogProps) {
  const { t, i18n } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const opened = items !== null;
  useEffect(() => {
    if (opened) setFailure(null);
  }, [opened]);

  const preview = bulkPreview(items ?? []);
  const count = (value: number) => ({ count: value, formatted: formatCount(value, language) });

  return (
    <ConfirmDialog
      opened={opened}
      title={t("bulk.approveTitle", count(preview.count))}
      message={
        <Stack gap="xs" mb="md">
          <Text size="sm">{t("bulk.approveMessage")}</Text>
          {preview.blocked > 0 ? (
            <Alert variant="light" color="red" icon={<IconBan size={18} stroke={1.75} aria-hidden="true" />}>
              {t("bulk.previewBlocked", count(preview.blocked))}
            </Alert>
          ) : null}
          {preview.warned > 0 ? (
            <Alert
              variant="light"
              color="yellow"
              icon={<IconAlertTriangle size={18} stroke={1.75} aria-hidden="true" />}
            >
              {t("bulk.previewWarned", count(preview.warned))}
            </Alert>
          ) : null}
        </Stack>
      }
      confirmLabel={t("bulk.approve", count(preview.count))}
      cancelLabel={t("decline.cancel")}
      loading={pending}
      confirmDisabled={preview.count === 0}
      failure={failure}
      onConfirm={() => {
        if (!items) return;
        setPending(true);
        setFailure(null);
        onApprove(items)
          .then(onClose)
          .catch((error: unknown) => setFailure(failureText(error)))
          .finally(() => setPending(false));
      }}
      onCancel={onClose}
    />
  );
}
