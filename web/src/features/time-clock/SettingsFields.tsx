import { NumberInput, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { payPeriodKinds } from "@workshift/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import type { SettingsFormValues } from "./settings-form.ts";
import classes from "./TimeClock.module.css";

/**
 * The settings' inputs, by topic: pay period, overtime, rounding, clocking
 * in (early, location) and the checks (open-entry limit, lateness).
 */
export function SettingsFields({ form }: { form: UseFormReturnType<SettingsFormValues> }) {
  const { t } = useTranslation("timeClock");
  const message = useFieldMessage();
  const ids = { rounding: useId(), early: useId(), location: useId(), period: useId() };
  const values = form.values;
  const field = (name: keyof SettingsFormValues) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };
  const errorOf = (name: keyof SettingsFormValues) =>
    form.errors[name] ? (
      <Text size="sm" c="red" role="alert" mt={4}>
        {message(form.errors[name])}
      </Text>
    ) : null;

  return (
    <>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t("settings.payPeriod")}</legend>
        <Text size="sm" c="dimmed" mb="xs" id={ids.period}>
          {t("settings.payPeriodHint")}
        </Text>
        <SegmentedControl
          fullWidth
          aria-describedby={ids.period}
          value={values.pay_period}
          onChange={(value) => form.setFieldValue("pay_period", value as SettingsFormValues["pay_period"])}
          data={payPeriodKinds.map((kind) => ({ value: kind, label: t(`settings.periodKind.${kind}`) }))}
        />
        {errorOf("pay_period")}
        {values.pay_period === "biweekly" ? (
          <TextInput
            type="date"
            mt="sm"
            label={t("settings.anchor")}
            description={t("settings.anchorHint")}
            required
            {...field("pay_period_anchor")}
          />
        ) : null}
      </fieldset>

      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t("settings.overtime")}</legend>
        <Stack gap="sm">
          <div className={classes.switchRow}>
            <Switch
              label={t("settings.weekly")}
              checked={values.weekly_on}
              onChange={(event) => form.setFieldValue("weekly_on", event.currentTarget.checked)}
            />
            <NumberInput
              aria-label={t("settings.weeklyHours")}
              disabled={!values.weekly_on}
              min={1}
              max={168}
              step={0.5}
              decimalScale={2}
              allowNegative={false}
              suffix={` ${t("settings.hoursSuffix")}`}
              className={classes.hoursInput}
              {...field("weekly_hours")}
            />
          </div>
          <div className={classes.switchRow}>
            <Switch
              label={t("settings.daily")}
              checked={values.daily_on}
              onChange={(event) => form.setFieldValue("daily_on", event.currentTarget.checked)}
            />
            <NumberInput
              aria-label={t("settings.dailyHours")}
              disabled={!values.daily_on}
              min={1}
              max={24}
              step={0.5}
              decimalScale={2}
              allowNegative={false}
              suffix={` ${t("settings.hoursSuffix")}`}
              className={classes.hoursInput}
              {...field("daily_hours")}
            />
          </div>
          <NumberInput
            label={t("settings.multiplier")}
            description={t("settings.multiplierHint")}
            min={1}
            max={3}
            step={0.25}
            decimalScale={2}
            allowNegative={false}
            className={classes.narrowInput}
            {...field("overtime_multiplier")}
          />
        </Stack>
      </fieldset>

      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t("settings.rounding")}</legend>
        <Text size="sm" c="dimmed" mb="xs" id={ids.rounding}>
          {t("settings.roundingHint")}
        </Text>
        <SegmentedControl
          fullWidth
          aria-describedby={ids.rounding}
          value={values.rounding_minutes}
          onChange={(value) => form.setFieldValue("rounding_minutes", value)}
          data={["0", "5", "10", "15"].map((value) => ({
            value,
            label: value === "0" ? t("settings.roundingNone") : t("settings.roundingMinutes", { count: Number(value) }),
          }))}
        />
        {errorOf("rounding_minutes")}
      </fieldset>

      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t("settings.clockingIn")}</legend>
        <Stack gap="sm">
          <NumberInput
            label={t("settings.early")}
            description={t("settings.earlyHint")}
            min={0}
            max={240}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t("settings.minutesSuffix")}`}
            className={classes.narrowInput}
            {...field("early_minutes")}
          />
          <div>
            <Text size="sm" fw={500} id={ids.early} mb={4}>
              {t("settings.earlyPolicy")}
            </Text>
            <SegmentedControl
              aria-labelledby={ids.early}
              value={values.early_policy}
              onChange={(value) => form.setFieldValue("early_policy", value as SettingsFormValues["early_policy"])}
              data={(["warn", "refuse"] as const).map((value) => ({
                value,
                label: t(`settings.policy.${value}`),
              }))}
            />
            {errorOf("early_policy")}
          </div>
          <div>
            <Text size="sm" fw={500} id={ids.location} mb={2}>
              {t("settings.location")}
            </Text>
            <Text size="sm" c="dimmed" mb={4}>
              {t("settings.locationHint")}
            </Text>
            <SegmentedControl
              aria-labelledby={ids.location}
              value={values.location_policy}
              onChange={(value) =>
                form.setFieldValue("location_policy", value as SettingsFormValues["location_policy"])
              }
              data={(["off", "warn", "refuse"] as const).map((value) => ({
                value,
                label: t(`settings.policy.${value}`),
              }))}
            />
            {errorOf("location_policy")}
          </div>
        </Stack>
      </fieldset>

      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t("settings.checks")}</legend>
        <div className={classes.pair}>
          <NumberInput
            label={t("settings.openLimit")}
            description={t("settings.openLimitHint")}
            min={1}
            max={48}
            step={1}
            decimalScale={2}
            allowNegative={false}
            suffix={` ${t("settings.hoursSuffix")}`}
            {...field("open_limit_hours")}
          />
          <NumberInput
            label={t("settings.lateAfter")}
            description={t("settings.lateAfterHint")}
            min={0}
            max={120}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t("settings.minutesSuffix")}`}
            {...field("late_after_minutes")}
          />
        </div>
      </fieldset>
    </>
  );
}
