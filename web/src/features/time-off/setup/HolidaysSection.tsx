import { Button, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HOLIDAY_NAME_MAX, type Holiday } from "@workshift/contracts";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "../../../components/AdminPage/DoneNotice.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog/ConfirmDialog.tsx";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { LoadingDots } from "../../../components/LoadingDots/LoadingDots.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { useProblemText } from "../../../lib/problem-text.ts";
import { type HolidayFormValues, holidayFieldErrors, validateHoliday } from "./dates-form.ts";
import { FormButtons } from "./FormButtons.tsx";
import { isolate } from "./hours.ts";
import { PanelModal } from "./PanelModal.tsx";
import { LoadFailedAlert } from "./PanelStates.tsx";
import { RowActions } from "./RowActions.tsx";
import { Section } from "./Section.tsx";
import classes from "./Setup.module.css";
import { createHoliday, deleteHoliday, fetchHolidays, loadHolidays, setupKeys, updateHoliday } from "./setup-api.ts";
import { usePanelSave } from "./use-panel-save.ts";

const YEARS_BEFORE = 2;
const YEARS_AFTER = 5;

/** The public holidays of a year: loaded from the company's country, added, renamed, deleted by hand. */
export function HolidaysSection({ manage }: { manage: boolean }) {
  const { t, i18n } = useTranslation("timeOffSetup");
  const language = i18n.resolvedLanguage;
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [editing, setEditing] = useState<Holiday | "new" | null>(null);
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const holidays = useQuery({ queryKey: setupKeys.holidays(year), queryFn: () => fetchHolidays(year) });
  // Holidays change what days of leave count: the calendar and balances read them too.
  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKeys.all });

  const load = useMutation({
    mutationFn: () => loadHolidays(year),
    onSuccess: async (answer) => {
      queryClient.setQueryData(setupKeys.holidays(year), answer);
      setNotice(t("holidays.loaded"));
      await refresh();
    },
    onError: (error) => setFailure(problemText(error, { logAs: "The public holidays could not be loaded" })),
  });
  const remove = useMutation({
    mutationFn: (holiday: Holiday) => deleteHoliday(holiday.id),
    onSuccess: async (_, holiday) => {
      setDeleting(null);
      setNotice(t("holidays.notice.deleted", { name: isolate(holiday.name) }));
      await refresh();
    },
    onError: (error) => setFailure(problemText(error, { logAs: "The holiday could not be deleted" })),
  });

  const years = Array.from({ length: YEARS_BEFORE + YEARS_AFTER + 1 }, (_, index) => {
    const value = String(thisYear - YEARS_BEFORE + index);
    return { value, label: new Intl.NumberFormat(language, { useGrouping: false }).format(Number(value)) };
  });
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "long", timeZone: "UTC" }),
    [language],
  );
  const country = holidays.data?.country ?? null;
  const countryName = useMemo(() => {
    if (!country) return null;
    try {
      return new Intl.DisplayNames(language, { type: "region" }).of(country) ?? country;
    } catch {
      return country;
    }
  }, [country, language]);

  let list: ReactNode;
  if (holidays.isPending) list = <LoadingDots layout="section" />;
  else if (holidays.isError) list = <LoadFailedAlert onRetry={() => void holidays.refetch()} />;
  else if (holidays.data.holidays.length === 0)
    list = <Text c="dimmed">{t("holidays.empty", { year: isolate(String(year)) })}</Text>;
  else
    list = (
      <ul className={classes.rows} aria-label={t("holidays.label", { year: isolate(String(year)) })}>
        {holidays.data.holidays.map((holiday) => (
          <li key={holiday.id} className={classes.row}>
            <div className={classes.rowMain}>
              <span className={classes.name}>{holiday.name}</span>
              <Text size="sm" c="dimmed">
                <time dateTime={holiday.day}>{dayFormat.format(new Date(`${holiday.day}T00:00:00Z`))}</time>
              </Text>
            </div>
            {manage ? (
              <RowActions
                actions={[
                  {
                    label: t("holidays.rename"),
                    name: t("holidays.renameNamed", { name: holiday.name }),
                    onClick: () => setEditing(holiday),
                    tone: "edit",
                  },
                  {
                    label: t("actions.delete"),
                    name: t("actions.deleteNamed", { name: holiday.name }),
                    onClick: () => {
                      setFailure(null);
                      setDeleting(holiday);
                    },
                    tone: "danger",
                  },
                ]}
              />
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <Section
      title={t("holidays.title")}
      description={t("holidays.description")}
      action={manage ? <Button onClick={() => setEditing("new")}>{t("holidays.add")}</Button> : null}
    >
      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />
      {failure && !deleting ? (
        <ErrorAlert withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </ErrorAlert>
      ) : null}
      <div className={classes.toolbar}>
        <Select
          label={t("holidays.year")}
          data={years}
          value={String(year)}
          onChange={(value) => value && setYear(Number(value))}
          allowDeselect={false}
          w="8rem"
        />
        {manage && countryName ? (
          <Button
            variant="light"
            loading={load.isPending}
            onClick={() => {
              setFailure(null);
              load.mutate();
            }}
          >
            {t("holidays.load", {
              country: isolate(countryName),
              year: isolate(years.find((y) => y.value === String(year))?.label ?? String(year)),
            })}
          </Button>
        ) : null}
      </div>
      {manage && holidays.isSuccess && !countryName ? (
        <Text size="sm" c="dimmed">
          {t("holidays.noCountry")}
        </Text>
      ) : null}
      {list}

      {manage ? (
        <>
          <PanelModal
            opened={editing !== null}
            title={editing === "new" ? t("holidays.form.createTitle") : t("holidays.form.editTitle")}
            onClose={() => setEditing(null)}
          >
            <HolidayForm
              holiday={editing === "new" ? null : editing}
              defaultDay={`${year}-01-01`}
              onCancel={() => setEditing(null)}
              onSaved={(holiday, created) => {
                setEditing(null);
                setNotice(
                  t(created ? "holidays.notice.added" : "holidays.notice.saved", { name: isolate(holiday.name) }),
                );
                void refresh();
              }}
            />
          </PanelModal>
          <ConfirmDialog
            opened={deleting !== null}
            title={deleting ? t("holidays.confirm.deleteTitle", { name: isolate(deleting.name) }) : ""}
            message={t("holidays.confirm.deleteMessage")}
            confirmLabel={t("actions.delete")}
            cancelLabel={t("actions.cancel")}
            danger
            loading={remove.isPending}
            failure={failure}
            onConfirm={() => deleting && remove.mutate(deleting)}
            onCancel={() => setDeleting(null)}
          />
        </>
      ) : null}
    </Section>
  );
}

function HolidayForm({
  holiday,
  defaultDay,
  onCancel,
  onSaved,
}: {
  holiday: Holiday | null;
  defaultDay: string;
  onCancel(): void;
  onSaved(holiday: Holiday, created: boolean): void;
}) {
  const { t } = useTranslation("timeOffSetup");
  const message = useFieldMessage();
  const form = useForm<HolidayFormValues>({
    mode: "controlled",
    initialValues: holiday ? { day: holiday.day, name: holiday.name } : { day: defaultDay, name: "" },
    validate: validateHoliday,
  });
  const { formRef, failure, pending, submit } = usePanelSave({
    form,
    save: async (values: HolidayFormValues) =>
      (holiday ? await updateHoliday(holiday.id, values) : await createHoliday(values)).holiday,
    fieldErrors: holidayFieldErrors,
    logAs: "The holiday could not be saved",
    onSaved: (saved) => onSaved(saved, holiday === null),
  });
  const field = <K extends keyof HolidayFormValues>(name: K) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextInput type="date" label={t("holidays.form.day")} required {...field("day")} />
        <TextInput
          label={t("holidays.form.name")}
          required
          maxLength={HOLIDAY_NAME_MAX + 10}
          data-autofocus
          {...field("name")}
        />
        <FormButtons pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
