import { Alert, Anchor, Button, type OptionsFilter, Select, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CompanyDetails, employeeCountOptions, industryOptions } from "@workshift/contracts";
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import {
  type CountryOption,
  filterCountries,
  flagUrl,
  loadIsoCountryOptions,
} from "../../components/PhoneInput/countries.ts";
import { TimeZoneSelect } from "../../components/TimeZoneSelect/TimeZoneSelect.tsx";
import { toLanguage } from "../../i18n/language.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { weekdayOptions } from "../../lib/weekdays.ts";
import type { TabFormProps } from "./AccountTab.tsx";
import {
  type CompanyValues,
  companyBody,
  companyFieldErrors,
  companyFormSchema,
  companyValuesFrom,
  currencyOptions,
} from "./company-form.ts";
import { isDirty } from "./dirty.ts";
import classes from "./SettingsSheet.module.css";
import { companyDetailsQueryKey, fetchCompanyDetails, updateCompanyDetails } from "./settings-api.ts";
import { useSettingsMessage } from "./use-settings-message.ts";

/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;
/** Options a searchable list renders at once (typing finds the rest), as the time-zone list. */
const OPTIONS_LIMIT = 100;

/**
 * The Company tab: the details as the server has them (the country named in
 * the language on screen), editable by the owner. A supervisor sees them read
 * only (the API lets members read them and only the owner change them).
 */
export function CompanyTab({ canEdit, ...props }: TabFormProps & { canEdit: boolean }) {
  const { t, i18n } = useTranslation("settings");
  const language = toLanguage(i18n.resolvedLanguage);
  const details = useQuery({
    queryKey: companyDetailsQueryKey(language),
    queryFn: fetchCompanyDetails,
    staleTime: 0,
  });

  useEffect(() => {
    if (details.error) console.error("The company details could not be loaded", details.error);
  }, [details.error]);

  if (details.isPending) return <LoadingDots layout="section" />;
  if (details.isError) {
    return (
      <Alert variant="light" color="red" icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}>
        {t("loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void details.refetch()}>
          {t("retry")}
        </Anchor>
      </Alert>
    );
  }
  return <CompanyForm details={details.data} canEdit={canEdit} language={language} {...props} />;
}

interface CompanyFormProps extends TabFormProps {
  details: CompanyDetails;
  canEdit: boolean;
  language: ReturnType<typeof toLanguage>;
}

function CompanyForm({ details, canEdit, language, onDirtyChange, onSaved }: CompanyFormProps) {
  const { t } = useTranslation("settings");
  const message = useSettingsMessage();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [loaded] = useState(() => companyValuesFrom(details));
  const form = useForm<CompanyValues>({
    mode: "controlled",
    initialValues: loaded,
    validate: schemaResolver(companyFormSchema, { sync: true }),
    validateInputOnBlur: ["title", "address", "zip_code"],
  });
  const [failed, setFailed] = useState(false);
  const countries = useCountryOptions(language);

  const dirty = isDirty(loaded, form.values);
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: updateCompanyDetails,
    onSuccess: (saved) => {
      queryClient.setQueryData(companyDetailsQueryKey(language), saved);
      // The schedules and the employee's weeks are laid out (and priced) with these.
      if (
        saved.time_zone !== details.time_zone ||
        saved.week_start !== details.week_start ||
        saved.currency !== details.currency
      ) {
        void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
        void queryClient.invalidateQueries({ queryKey: ["my"] });
      }
      onSaved();
    },
    onError: (error) => {
      // Spec §8: a failed company update is logged; the person is told too.
      console.error("The company details could not be saved", error);
      const fields = companyFieldErrors(apiFieldErrors(error));
      for (const [field, text] of Object.entries(fields)) form.setFieldError(field, text);
      if (Object.keys(fields).length > 0) focusFirstError(formRef.current);
      else setFailed(true);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit || save.isPending) return;
    setFailed(false);
    const checked = form.validate();
    if (checked.hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    save.mutate(companyBody(companyFormSchema.parse(form.values)));
  };

  const industries = useMemo(() => {
    const collator = new Intl.Collator(language);
    const named = industryOptions
      .filter((industry) => industry !== "other")
      .map((industry) => ({ value: industry, label: t(`industries.${industry}`) }))
      .sort((a, b) => collator.compare(a.label, b.label));
    return [...named, { value: "other", label: t("industries.other") }];
  }, [language, t]);

  const employeeRanges = useMemo(
    () => employeeCountOptions.map((range) => ({ value: range, label: range.replace("-", "–") })),
    [],
  );
  const weekdays = useMemo(() => weekdayOptions(language), [language]);
  const currencies = useMemo(() => currencyOptions(language, form.values.currency), [language, form.values.currency]);
  const settingsHeading = useId();

  const readOnly = !canEdit || save.isPending;
  // Read only (not the owner): no placeholders or required marks that invite typing, a filled look instead.
  const look = canEdit ? {} : { variant: "filled" as const };
  const hint = (text: string) => (canEdit ? text : undefined);
  const typed = (field: "title" | "address" | "zip_code") => {
    const props = form.getInputProps(field);
    return { ...props, error: message(props.error) };
  };
  const select = (field: "employee_count" | "industry" | "country_code" | "time_zone" | "week_start" | "currency") => {
    const props = form.getInputProps(field);
    return {
      ...props,
      error: message(props.error),
      onChange: (value: string | null) => form.setFieldValue(field, value),
    };
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className={classes.form}>
      <Text c="dimmed">{t("company.intro")}</Text>
      {canEdit ? null : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}>
          {t("company.readOnly")}
        </Alert>
      )}
      <TextInput
        size="md"
        label={t("company.name")}
        autoComplete="organization"
        readOnly={readOnly}
        {...look}
        {...typed("title")}
      />
      <div className={classes.pair}>
        <Select
          size="md"
          label={t("company.employees")}
          placeholder={hint(t("company.employeesPlaceholder"))}
          data={employeeRanges}
          required={canEdit}
          {...look}
          allowDeselect={false}
          readOnly={readOnly}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          {...select("employee_count")}
        />
        <Select
          size="md"
          label={t("company.industry")}
          placeholder={hint(t("company.industryPlaceholder"))}
          data={industries}
          required={canEdit}
          {...look}
          searchable
          allowDeselect={false}
          readOnly={readOnly}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          {...select("industry")}
        />
      </div>
      <CountrySelect
        countries={countries}
        readOnly={readOnly}
        editable={canEdit}
        fallbackName={details.country}
        {...select("country_code")}
      />
      <TextInput
        size="md"
        label={t("company.address")}
        autoComplete="street-address"
        readOnly={readOnly}
        {...look}
        {...typed("address")}
      />
      <TextInput
        size="md"
        label={t("company.zip")}
        autoComplete="postal-code"
        dir="ltr"
        readOnly={readOnly}
        {...look}
        {...typed("zip_code")}
      />
      <section aria-labelledby={settingsHeading} className={classes.section}>
        <Title order={3} id={settingsHeading} className={classes.sectionTitle}>
          {t("company.settingsTitle")}
        </Title>
        <div className={classes.field}>
          <div className={classes.pair}>
            <TimeZoneSelect
              size="md"
              label={t("company.timeZone")}
              nothingFoundMessage={t("company.noTimeZone")}
              required={canEdit}
              {...look}
              clearable={false}
              allowDeselect={false}
              readOnly={readOnly}
              limit={OPTIONS_LIMIT}
              {...select("time_zone")}
              value={form.values.time_zone}
            />
            <Select
              size="md"
              label={t("company.weekStart")}
              data={weekdays}
              required={canEdit}
              {...look}
              allowDeselect={false}
              readOnly={readOnly}
              maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
              {...select("week_start")}
            />
          </div>
          <Text size="sm" c="dimmed">
            {t("company.calendarHint")}
          </Text>
        </div>
        <div className={classes.field}>
          <Select
            size="md"
            label={t("company.currency")}
            placeholder={hint(t("company.currencyPlaceholder"))}
            nothingFoundMessage={t("company.noCurrency")}
            data={currencies}
            required={canEdit}
            {...look}
            searchable
            allowDeselect={false}
            readOnly={readOnly}
            limit={OPTIONS_LIMIT}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            autoComplete="off"
            {...select("currency")}
          />
          <Text size="sm" c="dimmed">
            {t("company.currencyHint")}
          </Text>
        </div>
      </section>
      {failed ? <ErrorAlert>{t("company.saveFailed")}</ErrorAlert> : null}
      {canEdit ? (
        <div className={classes.footer}>
          <Button type="submit" size="md" loading={save.isPending}>
            {t("save")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The ~250 countries named in the language on screen (loaded with the tab; null until then). */
function useCountryOptions(language: ReturnType<typeof toLanguage>): CountryOption[] | null {
  const [options, setOptions] = useState<CountryOption[] | null>(null);
  useEffect(() => {
    let current = true;
    loadIsoCountryOptions(language).then(
      (loaded) => current && setOptions(loaded),
      (error: unknown) => console.warn("The country list failed to load", error),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return options;
}

interface CountrySelectProps {
  countries: CountryOption[] | null;
  readOnly: boolean;
  /** The owner's form (a placeholder), or a read-only view (a filled look). */
  editable: boolean;
  /** The country's name as the server gave it, shown while the list loads. */
  fallbackName: string | null;
  value?: string | null;
  onChange(value: string | null): void;
  error?: ReactNode;
  onFocus?(): void;
  onBlur?(): void;
}

/** A searchable country list: names in this language or English, codes and dialling codes all find a country. */
function CountrySelect({
  countries,
  readOnly,
  editable,
  fallbackName,
  value,
  onChange,
  error,
  onFocus,
  onBlur,
}: CountrySelectProps) {
  const { t } = useTranslation("settings");
  const byCode = useMemo(() => new Map((countries ?? []).map((option) => [option.code, option])), [countries]);
  const data = useMemo(() => {
    if (countries) return countries.map((option) => ({ value: option.code, label: option.name }));
    // Until the list is here, the current country alone (so the field shows it).
    return value && fallbackName ? [{ value, label: fallbackName }] : [];
  }, [countries, value, fallbackName]);

  const filter: OptionsFilter = ({ options, search }) => {
    if (!countries) return options;
    return filterCountries(countries, search).map((option) => ({ value: option.code, label: option.name }));
  };

  return (
    <Select
      size="md"
      label={t("company.country")}
      placeholder={editable ? t("company.countryPlaceholder") : undefined}
      variant={editable ? "default" : "filled"}
      nothingFoundMessage={t("company.noCountry")}
      data={data}
      value={value ?? null}
      onChange={onChange}
      onFocus={onFocus}
      onBlur={onBlur}
      error={error}
      searchable
      clearable={!readOnly}
      readOnly={readOnly}
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      autoComplete="off"
      filter={filter}
      leftSection={value && flagUrl(value) ? <img src={flagUrl(value)} alt="" className={classes.flag} /> : null}
      renderOption={({ option }) => {
        const flag = flagUrl(option.value);
        return (
          <span className={classes.option}>
            {flag ? <img src={flag} alt="" loading="lazy" className={classes.flag} /> : null}
            <span>{byCode.get(option.value)?.name ?? option.label}</span>
          </span>
        );
      }}
    />
  );
}
