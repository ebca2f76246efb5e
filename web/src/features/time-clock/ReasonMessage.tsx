import { Stack, Text, Textarea } from "@mantine/core";
import { CLOCK_REASON_MAX } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../i18n/use-field-message.ts";

interface ReasonMessageProps {
  /** What the confirmation asks, above the reason. */
  message: string;
  reason: string;
  /** The API's refusal of the reason (a validation key), until it is typed again. */
  error: string | null;
  onChange(reason: string): void;
}

/** A confirmation's question and the required reason a change of recorded time keeps in its history. */
export function ReasonMessage({ message, reason, error, onChange }: ReasonMessageProps) {
  const { t } = useTranslation("timeClock");
  const fieldMessage = useFieldMessage();
  return (
    <Stack gap="sm" mb="md">
      <Text c="dimmed" size="sm">
        {message}
      </Text>
      <Textarea
        label={t("editor.reason")}
        description={t("editor.reasonHint")}
        required
        autosize
        minRows={2}
        maxRows={4}
        maxLength={CLOCK_REASON_MAX}
        value={reason}
        error={error ? fieldMessage(error) : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-autofocus
      />
    </Stack>
  );
}
