import type { UseFormReturnType } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Shift, WeekResponse } from "@workshift/contracts";
import { type FormEvent, type RefObject, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { useCodeText } from "../../lib/problem-text.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import {
  type ShiftFormValues,
  shiftCreateBody,
  shiftFieldErrors,
  shiftUpdateBody,
  updateChangesSomething,
  valuesOfShift,
} from "./shift-form.ts";
import { useFailureText } from "./use-failure-text.ts";
import { createShift, deleteShift, isShiftConflict, updateShift } from "./week-api.ts";

/**
 * Saving and deleting a shift from the editor, and what a refusal says: at
 * the fields it names; the shift in the way (409 shift_overlap, until the
 * values change); the current version when someone saved first (it becomes
 * the base, the manager decides again from it); else above the form.
 */
export function useShiftWrites({
  week,
  form,
  base,
  setBase,
  zone,
  boardShown,
  readOnly,
  formRef,
  onDone,
}: {
  week: WeekResponse;
  form: UseFormReturnType<ShiftFormValues>;
  base: Shift | null;
  setBase(shift: Shift): void;
  zone: string;
  /** The board is an input on screen (a problem with it is shown there, else above the form). */
  boardShown: boolean;
  readOnly: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  /** Saved (`shiftId`: the shift saved, the first of a repeat) or deleted (no id). */
  onDone(shiftId?: string): void;
}) {
  const { t } = useTranslation("scheduleEdit");
  const codeText = useCodeText();
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The shift a save was refused for (409 shift_overlap), until the values change. */
  const [refusedBy, setRefusedBy] = useState<{ shift: Shift | null; values: string } | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const showProblem = (error: unknown, what: "save" | "delete") => {
    const fields = shiftFieldErrors(apiFieldErrors(error));
    if (Object.keys(fields).length > 0) {
      for (const [field, key] of Object.entries(fields)) form.setFieldError(field, key);
      // A field without an input on screen (the only board, the repeat's days) is said above the form.
      if ((fields.board_id && !boardShown) || fields.repeat_weekdays) setFailure(codeText("validation_failed"));
      focusFirstError(formRef.current);
      return;
    }
    const conflict = isShiftConflict(error);
    if (conflict?.code === "shift_overlap") {
      setRefusedBy({ shift: conflict.overlap, values: JSON.stringify(form.getValues()) });
      setFailure(conflict.overlap ? null : t("editor.overlapUnknown"));
      return;
    }
    if (conflict?.code === "shift_changed") {
      if (conflict.shift && conflict.shift.status !== "deleted") {
        // Someone else saved first: show what is there now; the manager decides again from it.
        const current = valuesOfShift(week, conflict.shift);
        setBase(conflict.shift);
        form.setInitialValues(current);
        form.setValues(current);
        form.clearErrors();
        setNotice(t("editor.changedMeanwhile"));
      } else {
        setFailure(t("editor.goneMeanwhile"));
      }
      return;
    }
    const logAs = `The shift could not be ${what === "save" ? "saved" : "deleted"}`;
    setFailure(failureText(error, logAs, { not_found: t("editor.goneMeanwhile") }));
  };

  const save = useMutation({
    mutationFn: async (next: ShiftFormValues): Promise<string | undefined> => {
      if (base) {
        const body = shiftUpdateBody(next, zone, base);
        if (updateChangesSomething(body)) await updateShift(base.id, body);
        return base.id;
      }
      const answer = await createShift(shiftCreateBody(next, zone));
      return answer.shifts[0]?.id;
    },
    onSuccess: (shiftId) => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onDone(shiftId);
    },
    onError: (error) => showProblem(error, "save"),
  });

  const remove = useMutation({
    mutationFn: (shift: Shift) => deleteShift(shift.id, shift.version),
    onSuccess: () => {
      setConfirmingDelete(false);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onDone();
    },
    onError: (error) => {
      setConfirmingDelete(false);
      showProblem(error, "delete");
    },
  });

  /** Saves unless read-only, under way, or blocked by a shift in the way; the form's rules first. */
  const submit = (event: FormEvent, blocked: boolean) => {
    event.preventDefault();
    if (readOnly || save.isPending || blocked) return;
    setFailure(null);
    setNotice(null);
    if (form.validate().hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    save.mutate(form.getValues());
  };

  const refusal = refusedBy && refusedBy.values === JSON.stringify(form.values) ? refusedBy : null;
  return { save, remove, submit, failure, notice, refusal, confirmingDelete, setConfirmingDelete };
}
