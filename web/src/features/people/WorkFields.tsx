import { MultiSelect, type MultiSelectProps, TextInput, type TextInputProps } from "@mantine/core";
import { EMPLOYEE_ID_MAX } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import classes from "./Forms.module.css";

interface Choice {
  id: string;
  name: string;
}

/**
 * What a person works, the same when inviting and editing: the jobs they can
 * work and the schedules they are on (each from the choices given, empty
 * lists explained), their hourly rate, and (editing) their employee id.
 */
export function WorkFields({
  jobs,
  boards,
  jobIds,
  boardIds,
  rate,
  employeeId,
}: {
  jobs: readonly Choice[];
  boards: readonly Choice[];
  /** Each field's wiring (value, onChange, translated error) as the form gives it. */
  jobIds: Partial<MultiSelectProps>;
  boardIds: Partial<MultiSelectProps>;
  rate: Partial<TextInputProps>;
  /** The payroll id's field; left out where it is not asked. */
  employeeId?: Partial<TextInputProps> | undefined;
}) {
  const { t } = useTranslation("people");
  return (
    <>
      <MultiSelect
        label={t("fields.jobs")}
        description={jobs.length === 0 ? t("fields.jobsNone") : t("fields.jobsHint")}
        placeholder={jobs.length === 0 ? undefined : t("fields.jobsPlaceholder")}
        data={jobs.map((job) => ({ value: job.id, label: job.name }))}
        disabled={jobs.length === 0}
        searchable
        clearable
        nothingFoundMessage={t("fields.nothingFound")}
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
        comboboxProps={{ withinPortal: true }}
        {...jobIds}
      />
      <MultiSelect
        label={t("fields.schedules")}
        description={boards.length === 0 ? t("fields.schedulesNone") : t("fields.schedulesHint")}
        placeholder={boards.length === 0 ? undefined : t("fields.schedulesPlaceholder")}
        data={boards.map((board) => ({ value: board.id, label: board.name }))}
        disabled={boards.length === 0}
        searchable
        clearable
        nothingFoundMessage={t("fields.nothingFound")}
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
        {...boardIds}
      />
      <TextInput
        label={t("fields.hourlyRate")}
        description={t("fields.hourlyRateHint")}
        inputMode="decimal"
        dir="ltr"
        className={classes.rate}
        {...rate}
      />
      {employeeId ? (
        <TextInput
          label={t("fields.employeeId")}
          description={t("fields.employeeIdHint")}
          maxLength={EMPLOYEE_ID_MAX}
          dir="auto"
          className={classes.rate}
          {...employeeId}
        />
      ) : null}
    </>
  );
}
