import { Button, Group, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScheduleBoard } from "@workshift/contracts";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import "./edit-styles.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { type RulesFormValues, rulesBody, rulesFieldErrors, rulesValues, validateRules } from "./rules-form.ts";
import { useFailureText } from "./use-failure-text.ts";
import { updateRules } from "./week-actions-api.ts";

interface RulesDialogProps {
  opened: boolean;
  board: ScheduleBoard;
  onClose(): void;
  onSaved(): void;
}

/** The board's scheduling rules: the rest between shifts and the daily and weekly hours that warn of overtime. */
export function RulesDialog({ opened, board, onClose, onSaved }: RulesDialogProps) {
  const { t } = useTranslation("scheduleEdit");
  const phone = useMediaQuery("(max-width: 47.99em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("rules.title", { board: board.name })}
      size="md"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
    >
      {opened ? <RulesForm board={board} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function RulesForm({ board, onClose, onSaved }: Omit<RulesDialogProps, "opened">) {
  const { t } = useTranslation("scheduleEdit");
  const failureText = useFailureText();
  const message = useFieldMessage();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RulesFormValues>({
    mode: "controlled",
    initialValues: rulesValues(board.rules),
    validate: validateRules,
  });

  const save = useMutation({
    mutationFn: (values: RulesFormValues) => updateRules(board.id, rulesBody(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onSaved();
    },
    onError: (error) => {
      const fields = rulesFieldErrors(apiFieldErrors(error));
      if (Object.keys(fields).length > 0) {
        for (const [field, key] of Object.entries(fields)) form.setFieldError(field, key);
        focusFirstError(formRef.current);
        return;
      }
      setFailure(failureText(error, "The rules could not be saved"));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    if (form.validate().hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    save.mutate(form.getValues());
  };

  const hours = (name: keyof RulesFormValues) => {
    const props = form.getInputProps(name);
    return {
      ...props,
      error: message(props.error),
      min: 0,
      step: 0.5,
      decimalScale: 2,
      allowNegative: false,
      clampBehavior: "none" as const,
      suffix: ` ${t("rules.hoursSuffix")}`,
    };
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("rules.intro")}
        </Text>
        <NumberInput
          label={t("rules.minRest")}
          description={t("rules.minRestHint")}
          data-autofocus
          {...hours("min_rest_hours")}
        />
        <NumberInput
          label={t("rules.dailyLimit")}
          description={t("rules.dailyLimitHint")}
          {...hours("daily_limit_hours")}
        />
        <NumberInput
          label={t("rules.weeklyLimit")}
          description={t("rules.weeklyLimitHint")}
          {...hours("weekly_limit_hours")}
        />
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("rules.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
