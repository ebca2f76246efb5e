import { Button, Group, NumberInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { BalancesResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { usePanelSave } from "../setup/use-panel-save.ts";
import classes from "./Balances.module.css";
import { updatePerson } from "./balances-api.ts";
import {
  type PersonFormValues,
  personBody,
  personFieldErrors,
  personValuesFrom,
  validatePerson,
} from "./person-form.ts";

/** A person's start date and usual day (who manages time off changes them; balances follow). */
export function PersonFields({
  userId,
  balances,
  organizationDayMinutes,
  onSaved,
}: {
  userId: string;
  balances: BalancesResponse;
  /** The company's usual day: a person's day equal to it is shown as "the company's" (empty). */
  organizationDayMinutes: number | null;
  onSaved(answer: BalancesResponse): void;
}) {
  const { t } = useTranslation("timeOffSetup");
  const message = useFieldMessage();
  const own = balances.day_minutes === organizationDayMinutes ? null : balances.day_minutes;
  const form = useForm<PersonFormValues>({
    mode: "controlled",
    initialValues: personValuesFrom(balances, own),
    validate: validatePerson,
  });
  const { formRef, failure, pending, submit } = usePanelSave({
    form,
    save: (values: PersonFormValues) => updatePerson(userId, personBody(values)),
    fieldErrors: personFieldErrors,
    logAs: "The person's start date could not be saved",
    onSaved: (answer) => {
      form.resetDirty();
      onSaved(answer);
    },
  });
  const field = <K extends keyof PersonFormValues>(name: K) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <div className={classes.pair}>
          <TextInput
            type="date"
            label={t("drawer.startedOn")}
            description={t("drawer.startedOnHint")}
            {...field("started_on")}
          />
          <NumberInput
            label={t("drawer.dayHours")}
            description={t("drawer.dayHoursHint")}
            min={1}
            max={24}
            decimalScale={2}
            allowNegative={false}
            inputMode="decimal"
            {...field("day_hours")}
          />
        </div>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={pending} disabled={!form.isDirty()}>
            {t("actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
