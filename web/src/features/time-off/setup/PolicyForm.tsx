import { NumberInput, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  LEAVE_MINUTES_MAX,
  LEAVE_POLICY_NAME_MAX,
  type LeaveAccrual,
  type LeavePolicy,
  leaveAccruals,
} from "@workshift/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { FormButtons } from "./FormButtons.tsx";
import {
  emptyPolicyValues,
  type PolicyFormValues,
  policyBody,
  policyFieldErrors,
  policyValuesFrom,
  validatePolicy,
} from "./policy-form.ts";
import { monthOptions } from "./policy-summary.ts";
import classes from "./Setup.module.css";
import { createPolicy, updatePolicy } from "./setup-api.ts";
import { usePanelSave } from "./use-panel-save.ts";
import { usePolicySummary } from "./use-policy-summary.ts";

const HOURS_MAX = LEAVE_MINUTES_MAX / 60;
const accrualLabel = {
  none: "policies.form.accrualNone",
  yearly: "policies.form.accrualYearly",
  per_period: "policies.form.accrualPerPeriod",
  per_hours: "policies.form.accrualPerHours",
} as const satisfies Record<LeaveAccrual, string>;
const amountLabel = {
  yearly: "policies.form.amountYearly",
  per_period: "policies.form.amountPerPeriod",
  per_hours: "policies.form.amountPerHours",
} as const;

/** Create or edit a policy of one leave type; amounts in hours, what it means said underneath as it is typed. */
export function PolicyForm({
  leaveTypeId,
  policy,
  onCancel,
  onSaved,
}: {
  leaveTypeId: string;
  policy: LeavePolicy | null;
  onCancel(): void;
  onSaved(policy: LeavePolicy, created: boolean): void;
}) {
  const { t, i18n } = useTranslation("timeOffSetup");
  const message = useFieldMessage();
  const summary = usePolicySummary();
  const months = useMemo(() => monthOptions(i18n.resolvedLanguage), [i18n.resolvedLanguage]);
  const form = useForm<PolicyFormValues>({
    mode: "controlled",
    initialValues: policy ? policyValuesFrom(policy) : emptyPolicyValues(),
    validate: validatePolicy,
    validateInputOnBlur: ["name"],
  });
  const { formRef, failure, pending, submit } = usePanelSave({
    form,
    save: (values: PolicyFormValues) => {
      const { leave_type_id: _type, ...patch } = policyBody(values, leaveTypeId);
      return policy ? updatePolicy(policy.id, patch) : createPolicy(policyBody(values, leaveTypeId));
    },
    fieldErrors: policyFieldErrors,
    logAs: "The policy could not be saved",
    onSaved: (saved) => onSaved(saved, policy === null),
  });

  const field = <K extends keyof PolicyFormValues>(name: K) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };
  const hoursInput = { min: 0, max: HOURS_MAX, decimalScale: 2, allowNegative: false, inputMode: "decimal" as const };

  const { accrual } = form.values;
  const body = policyBody(form.values, leaveTypeId);
  const readable = Object.keys(validatePolicy(form.values)).length === 0;

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextInput
          label={t("policies.form.name")}
          placeholder={t("policies.form.namePlaceholder")}
          required
          maxLength={LEAVE_POLICY_NAME_MAX + 10}
          data-autofocus
          {...field("name")}
        />
        <Select
          label={t("policies.form.accrual")}
          data={leaveAccruals.map((value) => ({ value, label: t(accrualLabel[value]) }))}
          allowDeselect={false}
          required
          {...field("accrual")}
          onChange={(value) => value && form.setFieldValue("accrual", value as LeaveAccrual)}
        />
        {accrual !== "none" ? (
          <div className={classes.pair}>
            <NumberInput label={t(amountLabel[accrual])} required {...hoursInput} {...field("amount_hours")} />
            {accrual === "per_hours" ? (
              <NumberInput
                label={t("policies.form.perWorked")}
                required
                {...hoursInput}
                min={1}
                {...field("per_worked_hours")}
              />
            ) : null}
          </div>
        ) : null}
        {accrual !== "none" ? (
          <fieldset className={classes.fieldset}>
            <legend className={classes.legend}>{t("policies.form.resetLegend")}</legend>
            <Text size="sm" c="dimmed" mb="xs">
              {t("policies.form.resetHint")}
            </Text>
            <div className={classes.pair}>
              <Select
                label={t("policies.form.resetMonth")}
                data={months}
                allowDeselect={false}
                {...field("reset_month")}
                onChange={(value) => value && form.setFieldValue("reset_month", value)}
              />
              <NumberInput
                label={t("policies.form.resetDay")}
                min={1}
                max={31}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                {...field("reset_day")}
              />
            </div>
            {accrual === "yearly" ? (
              <Switch
                mt="md"
                label={t("policies.form.prorate")}
                description={t("policies.form.prorateHint")}
                {...form.getInputProps("prorate", { type: "checkbox" })}
              />
            ) : null}
          </fieldset>
        ) : null}
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t("policies.form.limitsLegend")}</legend>
          <div className={classes.pair}>
            <NumberInput
              label={t("policies.form.maxBalance")}
              description={t("policies.form.maxBalanceHint")}
              {...hoursInput}
              {...field("max_balance_hours")}
            />
            {accrual !== "none" ? (
              <NumberInput
                label={t("policies.form.carryover")}
                description={t("policies.form.carryoverHint")}
                {...hoursInput}
                {...field("carryover_max_hours")}
              />
            ) : null}
            {accrual !== "none" ? (
              <NumberInput
                label={t("policies.form.waiting")}
                description={t("policies.form.waitingHint")}
                min={0}
                max={730}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                {...field("waiting_days")}
              />
            ) : null}
            <NumberInput
              label={t("policies.form.negative")}
              description={t("policies.form.negativeHint")}
              {...hoursInput}
              {...field("negative_allowance_hours")}
            />
          </div>
        </fieldset>
        {readable ? (
          <Text size="sm" c="dimmed" aria-live="polite" className={classes.summary}>
            {t("policies.form.preview", { summary: summary(body) })}
          </Text>
        ) : null}
        <FormButtons pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
