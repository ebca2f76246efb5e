import type { UseFormReturnType } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TimeClockSettings } from "@workshift/contracts";
import { type FormEvent, type RefObject, useState } from "react";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { type SettingsFormValues, settingsFieldErrors, settingsUpdateBody, validateSettings } from "./settings-form.ts";
import { clockKeys, fetchClockSettings, saveClockSettings } from "./time-clock-api.ts";
import { useFailureText } from "./use-failure-text.ts";

/**
 * The settings as they are now, read each time the modal opens (nothing
 * cached), and not read again while the manager edits them.
 */
export function useClockSettings() {
  return useQuery({
    queryKey: clockKeys.settings,
    queryFn: ({ signal }) => fetchClockSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * Saving the settings: the form's rules first, then only what changed
 * (nothing changed: nothing is sent). A refusal naming fields is shown at
 * them, any other failure above the form; once saved, every figure the
 * settings shape is read again.
 */
export function useSaveClockSettings({
  loaded,
  form,
  dirty,
  formRef,
  onSaved,
}: {
  loaded: TimeClockSettings;
  form: UseFormReturnType<SettingsFormValues>;
  dirty: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  onSaved(): void;
}) {
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => saveClockSettings(settingsUpdateBody(loaded, form.getValues())),
    onSuccess: (saved) => {
      queryClient.setQueryData(clockKeys.settings, saved);
      // Periods, overtime and rounding change every timesheet; lateness the live view.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === clockKeys.all[0] && query.queryKey[1] !== "settings",
      });
      onSaved();
    },
    onError: (error) => {
      const fields = settingsFieldErrors(apiFieldErrors(error));
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        focusFirstError(formRef.current);
        return;
      }
      setFailure(failureText(error, "The time clock settings could not be saved"));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    const errors = validateSettings(form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError(formRef.current);
      return;
    }
    if (!dirty) {
      onSaved();
      return;
    }
    save.mutate();
  };

  return { save, submit, failure };
}
