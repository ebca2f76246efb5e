import type { UseFormReturnType } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import type { TimeEntry } from "@workshift/contracts";
import { type FormEvent, type RefObject, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { useCodeText } from "../../lib/problem-text.ts";
import {
  type EntryFormValues,
  entryCreateBody,
  entryFieldErrors,
  entryFormValues,
  entryUpdateBody,
  rebaseValues,
  validateEntry,
} from "./entry-form.ts";
import type { EntryEditorTarget } from "./entry-target.ts";
import { createEntry, staleEntryOf, updateEntry } from "./time-clock-api.ts";
import { useFailureText } from "./use-failure-text.ts";

/**
 * Saving the entry editor: a correction of the version it was read at, or a
 * new entry. When someone saved first (409 with the current version), that
 * version becomes the base, what they changed is shown, and the manager's own
 * changes stay in the form; a refusal naming fields is shown at them; any
 * other failure above the form. The form's own rules run first, on submit.
 */
export function useEntrySave({
  target,
  form,
  zone,
  formRef,
  onSaved,
}: {
  target: EntryEditorTarget;
  form: UseFormReturnType<EntryFormValues>;
  zone: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSaved(created: boolean): void;
}) {
  const { t } = useTranslation("timeClock");
  const codeText = useCodeText();
  const failureText = useFailureText();
  /** The version being corrected: the one opened, or the current one a 409 brought back. */
  const [base, setBase] = useState<TimeEntry | null>(target.kind === "edit" ? target.entry : null);
  const [failure, setFailure] = useState<string | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState<TimeEntry | null>(null);

  const save = useMutation({
    mutationFn: async (next: EntryFormValues) => {
      if (base) {
        await updateEntry(base.id, entryUpdateBody(form.getInitialValues(), next, base, zone));
        return false;
      }
      await createEntry(entryCreateBody(next, target.person.user_id, zone));
      return true;
    },
    onSuccess: (created) => onSaved(created),
    onError: (error) => {
      const stale = staleEntryOf(error);
      if (stale && base) {
        // Someone saved first: what they changed is shown; the manager's own changes stay in the form.
        const current = entryFormValues(stale, zone);
        const rebased = rebaseValues(form.getInitialValues(), form.getValues(), current);
        setBase(stale);
        form.setInitialValues({ ...current, reason: "" });
        form.setValues(rebased);
        form.clearErrors();
        setChangedMeanwhile(stale);
        return;
      }
      const fields = entryFieldErrors(apiFieldErrors(error));
      if (Object.keys(fields).length > 0) {
        for (const [field, key] of Object.entries(fields)) form.setFieldError(field, key);
        if (fields.user_id || fields.breaks) setFailure(codeText("validation_failed"));
        focusFirstError(formRef.current);
        return;
      }
      setFailure(failureText(error, "The time entry could not be saved", { not_found: t("editor.gone") }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    const mode = base
      ? ({ kind: "edit", initial: form.getInitialValues(), base } as const)
      : ({ kind: "create", userId: target.person.user_id } as const);
    const errors = validateEntry(form.getValues(), zone, mode);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError(formRef.current);
      return;
    }
    save.mutate(form.getValues());
  };

  return { submit, save, base, failure, changedMeanwhile };
}
