import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { REQUEST_REASON_MAX } from "@workshift/contracts";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { LengthHint } from "../../components/LengthHint/LengthHint.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { reasonProblem } from "./decline-form.ts";

interface DeclineDialogProps {
  opened: boolean;
  title: string;
  /** What is declined (one request's sentence, or how many). */
  message: ReactNode;
  confirmLabel: string;
  /** Declines with the reason; a rejection is shown in the dialog (the reason kept). */
  onDecline(reason: string): Promise<void>;
  /** Why a failure happened, in words (the page's problem text). */
  failureText(error: unknown): string;
  onClose(): void;
}

/**
 * Declining asks why: the author is told the reason. The rule is the API's
 * (requestDeclineSchema's reason), checked before sending; a refusal naming
 * the reason is shown under it, any other above the buttons. One dialog for
 * one request and for many.
 */
export function DeclineDialog(props: DeclineDialogProps) {
  const { t } = useTranslation("requests");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={props.opened}
      onClose={busy ? () => {} : props.onClose}
      title={props.title}
      centered
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("decline.close") }}
    >
      {props.opened ? <DeclineForm {...props} onBusy={setBusy} /> : null}
    </Modal>
  );
}

function DeclineForm({
  message,
  confirmLabel,
  onDecline,
  failureText,
  onClose,
  onBusy,
}: DeclineDialogProps & { onBusy(busy: boolean): void }) {
  const { t } = useTranslation("requests");
  const fieldMessage = useFieldMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<{ reason: string }>({
    mode: "controlled",
    initialValues: { reason: "" },
    validate: { reason: (value) => reasonProblem(value) },
  });

  const submit = form.onSubmit(
    async ({ reason }) => {
      setFailure(null);
      setPending(true);
      onBusy(true);
      try {
        await onDecline(reason.trim());
      } catch (error) {
        const reasonKey = apiFieldErrors(error).reason;
        if (reasonKey) {
          form.setFieldError("reason", reasonKey);
          focusFirstError(formRef.current);
        } else setFailure(failureText(error));
      } finally {
        setPending(false);
        onBusy(false);
      }
    },
    () => focusFirstError(formRef.current),
  );

  const field = form.getInputProps("reason");
  const length = form.values.reason.trim().length;
  // Too long says so as it happens (never cut silently); the other rules once sending was tried.
  const error = field.error ?? (length > REQUEST_REASON_MAX ? "requests.reasonTooLong" : null);
  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="decline-form">
      <Stack gap="md">
        {typeof message === "string" ? <Text size="sm">{message}</Text> : message}
        <Textarea
          {...field}
          error={fieldMessage(error)}
          label={t("decline.reason")}
          description={
            <LengthHint
              hint={t("decline.reasonHint")}
              length={length}
              max={REQUEST_REASON_MAX}
              text={(used, max) => t("decline.length", { used, max })}
            />
          }
          required
          autosize
          minRows={3}
          maxRows={6}
          data-autofocus
        />
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t("decline.cancel")}
          </Button>
          <Button type="submit" color="red" loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
