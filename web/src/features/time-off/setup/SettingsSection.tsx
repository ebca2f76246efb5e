import { Button, Chip, Group, NumberInput, Radio, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Job, TimeOffSettings } from "@workshift/contracts";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "../../../components/AdminPage/DoneNotice.tsx";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { LoadingDots } from "../../../components/LoadingDots/LoadingDots.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { fetchJobs, jobKeys } from "../../../lib/jobs-query.ts";
import { weekdayNames } from "../../../lib/weekdays.ts";
import { LoadFailedAlert } from "./PanelStates.tsx";
import { Section } from "./Section.tsx";
import classes from "./Setup.module.css";
import {
  type SettingsFormValues,
  settingsBody,
  settingsFieldErrors,
  settingsValuesFrom,
  validateSettings,
} from "./settings-form.ts";
import { setupKeys, updateSettings } from "./setup-api.ts";
import { usePanelSave } from "./use-panel-save.ts";

/** The usual day, the weekend, what blocked dates and leave do, and each job's limit of people off a day. */
export function SettingsSection({ settings, manage }: { settings: TimeOffSettings; manage: boolean }) {
  const { t } = useTranslation("timeOffSetup");
  const jobsQuery = { search: "", includeArchived: false };
  const jobs = useQuery({ queryKey: jobKeys.list(jobsQuery), queryFn: () => fetchJobs(jobsQuery), staleTime: 30_000 });
  const [notice, setNotice] = useState<string | null>(null);

  let content: ReactNode;
  if (jobs.isPending) content = <LoadingDots layout="section" />;
  else
    content = (
      <SettingsForm
        // The form starts again only when the jobs arrive (or fail), never on a background refresh that would drop edits.
        key={jobs.isSuccess ? "with-jobs" : "without-jobs"}
        settings={settings}
        jobs={jobs.data ?? null}
        jobsFailed={jobs.isError}
        onRetryJobs={() => void jobs.refetch()}
        manage={manage}
        onSaved={() => setNotice(t("settings.saved"))}
      />
    );
  return (
    <Section title={t("settings.title")}>
      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />
      {content}
    </Section>
  );
}

function SettingsForm({
  settings,
  jobs,
  jobsFailed,
  onRetryJobs,
  manage,
  onSaved,
}: {
  settings: TimeOffSettings;
  jobs: Job[] | null;
  jobsFailed: boolean;
  onRetryJobs(): void;
  manage: boolean;
  onSaved(): void;
}) {
  const { t, i18n } = useTranslation("timeOffSetup");
  const message = useFieldMessage();
  const queryClient = useQueryClient();
  const days = useMemo(() => weekdayNames(i18n.resolvedLanguage), [i18n.resolvedLanguage]);
  const form = useForm<SettingsFormValues>({
    mode: "controlled",
    initialValues: settingsValuesFrom(
      settings,
      (jobs ?? []).map((job) => job.id),
    ),
    validate: validateSettings,
  });
  const { formRef, failure, pending, submit } = usePanelSave({
    form,
    save: (values: SettingsFormValues) => {
      const body = settingsBody(values);
      // Without the jobs, their limits were not shown: leave them as they are.
      return updateSettings(jobs ? body : { ...body, job_limits: undefined });
    },
    fieldErrors: settingsFieldErrors,
    logAs: "The time-off settings could not be saved",
    onSaved: async (answer) => {
      form.resetDirty(
        settingsValuesFrom(
          answer.settings,
          (jobs ?? []).map((job) => job.id),
        ),
      );
      onSaved();
      await queryClient.invalidateQueries({ queryKey: setupKeys.all });
    },
  });
  const field = (name: string) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <fieldset disabled={!manage} className={classes.bare}>
        <Stack gap="lg">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <NumberInput
            label={t("settings.dayHours")}
            description={t("settings.dayHoursHint")}
            min={1}
            max={24}
            decimalScale={2}
            allowNegative={false}
            inputMode="decimal"
            maw="16rem"
            required
            {...field("day_hours")}
          />
          <Chip.Group
            multiple
            value={form.values.weekend_days}
            onChange={(value) => form.setFieldValue("weekend_days", value)}
          >
            <fieldset className={classes.bare} aria-describedby="time-off-weekend-hint">
              <Text component="legend" fw={500} size="sm" p={0}>
                {t("settings.weekend")}
              </Text>
              <Text size="xs" c="dimmed" id="time-off-weekend-hint" mb={6}>
                {t("settings.weekendHint")}
              </Text>
              <Group gap="xs">
                {days.map((name, day) => (
                  <Chip key={name} value={String(day)} size="sm" disabled={!manage}>
                    {name}
                  </Chip>
                ))}
              </Group>
              {form.errors.weekend_days ? (
                <Text size="xs" c="red" mt={4} role="alert">
                  {message(form.errors.weekend_days)}
                </Text>
              ) : null}
            </fieldset>
          </Chip.Group>
          <Radio.Group label={t("settings.blockedPolicy")} {...field("blocked_dates_policy")}>
            <Group gap="lg" mt={6}>
              <Radio value="refuse" label={t("settings.blockedRefuse")} />
              <Radio value="warn" label={t("settings.blockedWarn")} />
            </Group>
          </Radio.Group>
          <Radio.Group label={t("settings.schedulingPolicy")} {...field("leave_scheduling_policy")}>
            <Group gap="lg" mt={6}>
              <Radio value="warn" label={t("settings.schedulingWarn")} />
              <Radio value="refuse" label={t("settings.schedulingRefuse")} />
            </Group>
          </Radio.Group>
          <fieldset className={classes.fieldset}>
            <legend className={classes.legend}>{t("settings.limits")}</legend>
            <Text size="sm" c="dimmed" mb="xs">
              {t("settings.limitsHint")}
            </Text>
            {jobsFailed ? (
              <LoadFailedAlert message={t("settings.jobsFailed")} onRetry={onRetryJobs} />
            ) : jobs && jobs.length === 0 ? (
              <Text c="dimmed">{t("settings.noJobs")}</Text>
            ) : (
              <div className={classes.limits}>
                {(jobs ?? []).map((job) => (
                  <NumberInput
                    key={job.id}
                    label={
                      <span className={classes.nameLine}>
                        <span className={classes.swatch} style={{ backgroundColor: job.color }} aria-hidden="true" />
                        {job.name}
                      </span>
                    }
                    aria-label={t("settings.limitFor", { job: job.name })}
                    placeholder={t("settings.noLimit")}
                    min={0}
                    max={10000}
                    allowDecimal={false}
                    allowNegative={false}
                    inputMode="numeric"
                    {...field(`job_limits.${job.id}`)}
                  />
                ))}
              </div>
            )}
          </fieldset>
          {manage ? (
            <Group justify="flex-end">
              <Button type="submit" loading={pending}>
                {t("settings.save")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}
