import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { REQUEST_NOTE_MAX } from "@workshift/contracts";
import { type FormEvent, type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { LengthHint } from "../../../components/LengthHint/LengthHint.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import classes from "../MyPage.module.css";
import { noteProblem } from "./note-rule.ts";

interface AskModalProps {
  opened: boolean;
  title: string;
  /** What is asked about (the shift), above the choices. */
  subject?: ReactNode;
  children?: ReactNode;
  /** The optional note to the teammates and the manager (or another optional text, by its label and hint). */
  note?: { value: string; onChange(value: string): void; label?: string; hint?: string; autoFocus?: boolean };
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
 * optional note, why the last try failed, and the two answers. A note over
 * its limit says so and is not sent (never cut silently).
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
  const fieldMessage = useFieldMessage();
  const phone = useMediaQuery("(max-width: 39.99em)", false, { getInitialValueInEffect: false });
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const problem = note ? noteProblem(note.value) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (problem) noteRef.current?.focus();
    else onSubmit();
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
              ref={noteRef}
              label={note.label ?? t("ask.note")}
              description={
                <LengthHint
                  hint={note.hint ?? t("ask.noteHint")}
                  length={note.value.trim().length}
                  max={REQUEST_NOTE_MAX}
                  text={(used, max) => t("ask.length", { used, max })}
                />
              }
              error={fieldMessage(problem)}
              autosize
              minRows={2}
              maxRows={5}
              value={note.value}
              onChange={(event) => note.onChange(event.currentTarget.value)}
              data-autofocus={note.autoFocus || undefined}
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
