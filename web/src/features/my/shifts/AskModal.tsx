import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { REQUEST_NOTE_MAX } from "@workshift/contracts";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import classes from "../MyPage.module.css";

interface AskModalProps {
  opened: boolean;
  title: string;
  /** What is asked about (the shift), above the choices. */
  subject?: ReactNode;
  children: ReactNode;
  /** The optional note to the teammates and the manager. */
  note?: { value: string; onChange(value: string): void };
  submitLabel: string;
  submitDisabled?: boolean;
  busy: boolean;
  failure: string | null;
  onSubmit(): void;
  onClose(): void;
  "data-testid"?: string;
}

/**
 * The frame of every "ask" on /my (give away, swap, claim, availability,
 * correction): a dialog, the whole screen on a phone, with the choices, an
 * optional note, why the last try failed, and the two answers.
 */
export function AskModal({
  opened,
  title,
  subject,
  children,
  note,
  submitLabel,
  submitDisabled = false,
  busy,
  failure,
  onSubmit,
  onClose,
  "data-testid": testId,
}: AskModalProps) {
  const { t } = useTranslation("my");
  const phone = useMediaQuery("(max-width: 39.99em)", false, { getInitialValueInEffect: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={title}
      fullScreen={phone}
      radius={phone ? 0 : "lg"}
      size="lg"
      closeButtonProps={{ "aria-label": t("ask.close") }}
    >
      <form onSubmit={submit} noValidate data-testid={testId} className={classes.touch}>
        <Stack gap="md">
          {subject}
          {children}
          {note ? (
            <Textarea
              label={t("ask.note")}
              description={t("ask.noteHint")}
              autosize
              minRows={2}
              maxRows={5}
              maxLength={REQUEST_NOTE_MAX}
              value={note.value}
              onChange={(event) => note.onChange(event.currentTarget.value)}
            />
          ) : null}
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("ask.cancel")}
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
