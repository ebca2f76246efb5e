import type { UseFormReturnType } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Person } from "@workshift/contracts";
import { type FormEvent, type RefObject, useState } from "react";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { placeFieldErrors } from "./invite-form.ts";
import { peopleKeys, updatePerson } from "./people-api.ts";
import { type PersonValues, personFields, personFormSchema, personUpdateBody } from "./person-form.ts";

/**
 * Saving the person page's form: the form's rules first, then only what
 * changed. A refusal naming fields is shown at them (those without an input
 * together above the buttons), any other problem in words; once saved, the
 * person's lists are read again, and one's own role at once.
 */
export function usePersonSave({
  person,
  form,
  loaded,
  dirty,
  namesEditable,
  me,
  refreshOwnRole,
  formRef,
  onSaved,
}: {
  person: Person;
  form: UseFormReturnType<PersonValues>;
  /** The values the form started from. */
  loaded: PersonValues;
  dirty: boolean;
  namesEditable: boolean;
  /** The signed-in person's id in this organization (their own change refreshes their rights). */
  me: string | undefined;
  /** Reads the signed-in person's role and permissions again (the sidebar follows them). */
  refreshOwnRole(): Promise<unknown>;
  formRef: RefObject<HTMLFormElement | null>;
  onSaved(): void;
}) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<unknown>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: (body: Parameters<typeof updatePerson>[1]) => updatePerson(person.id, body),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !dirty) return;
    setProblem(null);
    setOtherErrors([]);
    const checked = form.validate();
    if (checked.hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    const body = personUpdateBody(loaded, form.values, personFormSchema.parse(form.values), { namesEditable });
    try {
      const updated = await save.mutateAsync(body);
      queryClient.setQueryData(peopleKeys.person(person.id), updated);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.lists() });
      // A change to one's own role or permissions: the sidebar follows at once.
      if (updated.id === me) await refreshOwnRole();
      onSaved();
    } catch (error) {
      const placed = placeFieldErrors(apiFieldErrors(error), personFields);
      for (const [field, message] of Object.entries(placed.fields)) form.setFieldError(field, message);
      setOtherErrors(placed.other);
      if (Object.keys(placed.fields).length === 0 && placed.other.length === 0) {
        setProblem(error);
      }
      focusFirstError(formRef.current);
    }
  };

  return { save, submit, problem, otherErrors };
}
