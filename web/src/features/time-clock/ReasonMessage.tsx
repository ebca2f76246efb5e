import { Stack, Text } from "@mantine/core";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { ReasonField } from "./ReasonField.tsx";

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
  const fieldMessage = useFieldMessage();
  return (
    <Stack gap="sm" mb="md">
      <Text c="dimmed" size="sm">
        {message}
      </Text>
      <ReasonField
        value={reason}
        error={error ? fieldMessage(error) : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-autofocus
      />
    </Stack>
  );
}
