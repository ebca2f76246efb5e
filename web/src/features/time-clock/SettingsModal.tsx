import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { payPeriodKinds, type TimeClockSettings } from "@workshift/contracts";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import {
  type SettingsFormValues,
  settingsFieldErrors,
  settingsFormValues,
  settingsUpdateBody,
  validateSettings,
} from "./settings-form.ts";
import classes from "./TimeClock.module.css";
import { clockKeys, fetchClockSettings, saveClockSettings } from "./time-clock-api.ts";
import { useFailureText } from "./use-failure-text.ts";

/**
 * The organization's time clock settings (managers): pay period, overtime,
 * rounding, early clock-in, location, the open-entry limit and lateness.
 * Saving sends only what changed; closing with unsaved changes asks first.
 */
export function SettingsModal({ opened, onClose, onSaved }: { opened: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation("timeClock");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    dirty.current = false;
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    // Asked after the Escape that got here has finished (every open modal hears it on the window).
    if (dirty.current) setTimeout(() => setAsking(true), 0);
    else close();
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        closeOnEscape={!asking}
        title={t("settings.title")}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ "aria-label": t("editor.close") }}
      >
        {opened ? (
          <SettingsLoader
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
            onCancel={requestClose}
            onSaved={() => {
              dirty.current = false;
              onSaved();
            }}
          />
        ) : null}
      </Modal>
      <DiscardChangesDialog
        opened={asking}
        message={t("discard.message")}
        onDiscard={close}
        onStay={() => setAsking(false)}
      />
    </>
  );
}

/**
 * The settings as they are now, read each time the modal opens (nothing
 * cached), and not read again while the manager edits them.
 */
function SettingsLoader({
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  onDirtyChange(dirty: boolean): void;
  onCancel(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation("timeClock");
  const query = useQuery({
    queryKey: clockKeys.settings,
    queryFn: ({ signal }) => fetchClockSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (query.isError) {
    return (
      <ErrorAlert title={t("settings.loadFailed")}>
        {t("errors.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void query.refetch()}>
          {t("errors.retry")}
        </Anchor>
      </ErrorAlert>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="md" role="status" aria-label={t("settings.loading")}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} height={52} radius="sm" />
        ))}
      </Stack>
    );
  }
  return <SettingsForm loaded={query.data} onDirtyChange={onDirtyChange} onCancel={onCancel} onSaved={onSaved} />;
}

function SettingsForm({
  loaded,
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  loaded: TimeClockSettings;
  onDirtyChange(dirty: boolean): void;
  onCancel(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation("timeClock");
  const failureText = useFailureText();
  const message = useFieldMessage();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { rounding: useId(), early: useId(), location: useId(), period: useId() };
  const form = useForm<SettingsFormValues>({ mode: "controlled", initialValues: settingsFormValues(loaded) });
  const values = form.values;
  const [failure, setFailure] = useState<string | null>(null);
  const changes = settingsUpdateBody(loaded, values);
  const dirty = Object.keys(changes).length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

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
    <form ref={formRef} onSubmit={submit} noValidate data-testid="time-clock-settings">
      <Stack gap="lg">
        {failure ? (
          <Alert
            variant="light"
            color="red"
            role="alert"
            icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
          >
            {failure}
          </Alert>
        ) : null}

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
              label:
                value === "0" ? t("settings.roundingNone") : t("settings.roundingMinutes", { count: Number(value) }),
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

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t("editor.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            {t("settings.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
