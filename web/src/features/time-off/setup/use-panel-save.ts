import type { UseFormReturnType } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFieldErrors } from "../../../lib/api-error.ts";
import { focusFirstError } from "../../../lib/focus-first-error.ts";
import { useProblemText } from "../../../lib/problem-text.ts";

interface PanelSaveOptions<Values, Saved> {
  form: UseFormReturnType<Values>;
  save(values: Values): Promise<Saved>;
  /** The API's field refusals, keyed by the form's field names. */
  fieldErrors(fields: Record<string, string>, values: Values): Record<string, string | undefined>;
  /** How a server failure is logged. */
  logAs: string;
  onSaved(saved: Saved): void;
}

/**
 * The submit of a time-off form: its own rules first, then the API; a
 * refusal of a field marks that field (focus goes to the first one marked),
 * any other refusal is one sentence above the form, chosen by its code.
 */
export function usePanelSave<Values, Saved>({
  form,
  save,
  fieldErrors,
  logAs,
  onSaved,
}: PanelSaveOptions<Values, Saved>) {
  const { t } = useTranslation("timeOffSetup");
  const problemText = useProblemText();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (error) => {
      const fields = Object.entries(fieldErrors(apiFieldErrors(error), form.getValues()));
      for (const [field, key] of fields) if (key) form.setFieldError(field, key);
      if (fields.length > 0) {
        focusFirstError(formRef.current);
        return;
      }
      setFailure(
        problemText(error, { logAs, texts: { forbidden: t("form.forbidden"), not_found: t("form.notFound") } }),
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (mutation.isPending) return;
    setFailure(null);
    if (form.validate().hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    mutation.mutate(form.getValues());
  };

  return { formRef, failure, pending: mutation.isPending, submit };
}
