import type { UseFormReturnType } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { useProblemText } from "../../lib/problem-text.ts";
import type { AdminListNamespace } from "./list-namespace.ts";

interface FormSaveOptions<Values, Saved> {
  ns: AdminListNamespace;
  form: UseFormReturnType<Values>;
  /** Creates or updates on the API. */
  save(values: Values): Promise<Saved>;
  /** The API's field refusals, keyed by the form's field names. */
  fieldErrors(fields: Record<string, string>): Partial<Record<string, string>>;
  /** How a server failure is logged ("The job could not be saved"). */
  logAs: string;
  onSaved(saved: Saved): void;
}

/**
 * The submit of an admin list's create/edit form: the form's own rules first,
 * then the API; a refusal of a field marks that field, any other failure is a
 * sentence above the form. Focus goes to the first field marked invalid.
 */
export function useFormSave<Values, Saved>({
  ns,
  form,
  save,
  fieldErrors,
  logAs,
  onSaved,
}: FormSaveOptions<Values, Saved>) {
  const { t } = useTranslation(ns);
  const problemText = useProblemText();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (error) => {
      const fields = fieldErrors(apiFieldErrors(error));
      for (const [field, key] of Object.entries(fields)) form.setFieldError(field, key);
      if (Object.keys(fields).length > 0) {
        focusFirstError(formRef.current);
        return;
      }
      const texts = { forbidden: t("form.forbidden"), not_found: t("form.notFound") };
      setFailure(problemText(error, { logAs, texts }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    if (form.validate().hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    mutation.mutate(form.values);
  };

  return { formRef, failure, pending: mutation.isPending, submit };
}
