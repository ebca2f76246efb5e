import { NumberInput, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  HOURLY_RATE_MAX,
  JOB_ADDRESS_MAX,
  JOB_DESCRIPTION_MAX,
  JOB_NAME_MAX,
  JOB_RADIUS_MAX,
  JOB_RADIUS_MIN,
  type Job,
} from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../components/AdminList/FormActions.tsx";
import { FormModal } from "../../components/AdminList/FormModal.tsx";
import { useFormSave } from "../../components/AdminList/use-form-save.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { PaletteColorInput } from "../../components/PaletteColorInput/PaletteColorInput.tsx";
import { TimeZoneSelect } from "../../components/TimeZoneSelect/TimeZoneSelect.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import classes from "./Jobs.module.css";
import { type JobFormValues, jobBody, jobFieldErrors, jobValuesFrom, validateJob } from "./job-form.ts";
import { createJob, updateJob } from "./jobs-api.ts";

interface JobFormModalProps {
  opened: boolean;
  /** The job to edit; none to create one. */
  job: Job | null;
  /** A new job's starting values (its colour chosen among the unused ones). */
  initialValues: JobFormValues;
  onClose(): void;
  onSaved(job: Job, created: boolean): void;
}

/** Create or edit a job in a modal (full screen on a phone). */
export function JobFormModal({ opened, job, initialValues, onClose, onSaved }: JobFormModalProps) {
  return (
    <FormModal ns="jobs" opened={opened} editing={job !== null} onClose={onClose}>
      <JobForm
        key={job?.id ?? "new"}
        job={job}
        initialValues={job ? jobValuesFrom(job) : initialValues}
        onCancel={onClose}
        onSaved={onSaved}
      />
    </FormModal>
  );
}

interface JobFormProps {
  job: Job | null;
  initialValues: JobFormValues;
  onCancel(): void;
  onSaved(job: Job, created: boolean): void;
}

function JobForm({ job, initialValues, onCancel, onSaved }: JobFormProps) {
  const { t } = useTranslation("jobs");
  const message = useFieldMessage();
  const form = useForm<JobFormValues>({
    mode: "controlled",
    initialValues,
    validate: validateJob,
    validateInputOnBlur: ["name", "color", "description", "address"],
  });
  const { formRef, failure, pending, submit } = useFormSave({
    ns: "jobs",
    form,
    save: (values: JobFormValues) => (job ? updateJob(job.id, jobBody(values)) : createJob(jobBody(values))),
    fieldErrors: jobFieldErrors,
    logAs: "The job could not be saved",
    onSaved: (saved) => onSaved(saved, job === null),
  });

  const field = <K extends keyof JobFormValues>(name: K) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextInput
          label={t("form.name")}
          placeholder={t("form.namePlaceholder")}
          required
          maxLength={JOB_NAME_MAX + 10}
          data-autofocus
          {...field("name")}
        />
        <PaletteColorInput
          label={t("form.color")}
          description={t("form.colorHint")}
          required
          {...field("color")}
          onChange={(value) => form.setFieldValue("color", value)}
        />
        <Textarea
          label={t("form.description")}
          placeholder={t("form.descriptionPlaceholder")}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={JOB_DESCRIPTION_MAX}
          {...field("description")}
        />
        <TextInput
          label={t("form.address")}
          placeholder={t("form.addressPlaceholder")}
          autoComplete="street-address"
          maxLength={JOB_ADDRESS_MAX}
          {...field("address")}
        />
        <div className={classes.pair}>
          <TimeZoneSelect
            label={t("form.timeZone")}
            placeholder={t("form.timeZonePlaceholder")}
            description={t("form.timeZoneHint")}
            nothingFoundMessage={t("form.timeZoneNothing")}
            value={form.values.time_zone}
            error={message(form.errors.time_zone)}
            onChange={(value) => form.setFieldValue("time_zone", value)}
          />
          <NumberInput
            label={t("form.rate")}
            placeholder={t("form.ratePlaceholder")}
            min={0}
            max={HOURLY_RATE_MAX}
            decimalScale={2}
            step={0.5}
            allowNegative={false}
            inputMode="decimal"
            {...field("hourly_rate")}
          />
        </div>
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t("form.positionLegend")}</legend>
          <Text size="sm" c="dimmed" mb="xs">
            {t("form.positionHint")}
          </Text>
          <div className={classes.triple}>
            <NumberInput
              label={t("form.latitude")}
              min={-90}
              max={90}
              decimalScale={6}
              inputMode="decimal"
              {...field("latitude")}
            />
            <NumberInput
              label={t("form.longitude")}
              min={-180}
              max={180}
              decimalScale={6}
              inputMode="decimal"
              {...field("longitude")}
            />
            <NumberInput
              label={t("form.radius")}
              min={JOB_RADIUS_MIN}
              max={JOB_RADIUS_MAX}
              allowDecimal={false}
              allowNegative={false}
              step={10}
              inputMode="numeric"
              {...field("radius_m")}
            />
          </div>
        </fieldset>
        <FormActions
          ns="jobs"
          editing={job !== null}
          pending={pending}
          className={classes.formActions}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
