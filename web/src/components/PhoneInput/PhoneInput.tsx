import lebanonFlag from "@flags/LB.svg?no-inline";
import { Input } from "@mantine/core";
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CountryButton } from "./CountryButton.tsx";
import { loadPhoneRules, phoneRulesIfLoaded } from "./load-phone-rules.ts";
import classes from "./PhoneInput.module.css";
import {
  DEFAULT_PHONE_VALUE,
  keepDigits,
  looksInternational,
  maxNationalDigits,
  type PhoneCheck,
  type PhoneValue,
  UNCHECKED,
} from "./phone-value.ts";

type Picker = typeof import("./CountryPicker.tsx").CountryPicker;

let picker: Picker | undefined;
let pickerLoading: Promise<Picker> | undefined;

/** The country list, its names and its flags load on the first sign of intent (like the language menu). */
function loadPicker(): Promise<Picker> {
  pickerLoading ??= import("./CountryPicker.tsx").then(
    (module) => {
      picker = module.CountryPicker;
      return picker;
    },
    (error: unknown) => {
      pickerLoading = undefined;
      throw error;
    },
  );
  return pickerLoading;
}

export interface PhoneInputProps {
  value: PhoneValue;
  /** Every change, with the validity flag of spec §5 (unchecked until the phone rules have loaded). */
  onChange(value: PhoneValue, check: PhoneCheck): void;
  onBlur?(): void;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Phone number with a searchable country list (spec §2, §5): Lebanon first,
 * digits only (at most 15 with the dialling code), a pasted "+33 6 12…" picks
 * its country. The number and the dialling code stay left to right in Arabic.
 */
export function PhoneInput({
  value,
  onChange,
  onBlur,
  label,
  description,
  error,
  required,
  disabled,
  autoFocus,
  name,
  inputRef,
}: PhoneInputProps) {
  const { t } = useTranslation("common");
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const ownInputRef = useRef<HTMLInputElement>(null);
  const [Picker, setPicker] = useState<Picker | undefined>(() => picker);
  const [openOnMount, setOpenOnMount] = useState(false);

  // The latest value, so a check that finishes after the rules load reports on what is there now.
  const latest = useRef(value);
  latest.current = value;
  const report = useRef(onChange);
  report.current = onChange;

  const emit = (next: PhoneValue) => {
    const rules = phoneRulesIfLoaded();
    onChange(next, rules ? rules.checkPhoneValue(next) : UNCHECKED);
    if (!rules) {
      loadPhoneRules().then(
        (loaded) => {
          const now = latest.current;
          if (now.country === next.country && now.national === next.national) {
            report.current(now, loaded.checkPhoneValue(now));
          }
        },
        (loadError: unknown) => console.warn("The phone rules failed to load", loadError),
      );
    }
  };

  // A value that arrives filled (a form restored after a reload) is checked once the rules are here,
  // and a country other than Lebanon needs the list for its flag.
  const needsPicker = value.country !== DEFAULT_PHONE_VALUE.country;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useEffect(() => {
    if (value.national !== "" && !phoneRulesIfLoaded()) emit(value);
  }, []);
  useEffect(() => {
    if (needsPicker && !Picker)
      loadPicker().then(
        (loaded) => setPicker(() => loaded),
        () => {},
      );
  }, [needsPicker, Picker]);

  const preloadRules = () => {
    loadPhoneRules().catch(() => {});
  };

  const handleText = (text: string) => {
    if (looksInternational(text)) {
      loadPhoneRules().then(
        (rules) => {
          const split = rules.splitInternational(text, value.country);
          if (split) emit({ ...split, national: keepDigits(split.national, maxNationalDigits(split.callingCode)) });
          else emit({ ...value, national: keepDigits(text, maxNationalDigits(value.callingCode)) });
        },
        () => emit({ ...value, national: keepDigits(text, maxNationalDigits(value.callingCode)) }),
      );
      return;
    }
    emit({ ...value, national: keepDigits(text, maxNationalDigits(value.callingCode)) });
  };

  const selectCountry = (country: string, callingCode: string) => {
    emit({ country, callingCode, national: keepDigits(value.national, maxNationalDigits(callingCode)) });
    requestAnimationFrame(() => ownInputRef.current?.focus());
  };

  const setRefs = (node: HTMLInputElement | null) => {
    ownInputRef.current = node;
    if (typeof inputRef === "function") inputRef(node);
    else if (inputRef) inputRef.current = node;
  };

  const describedBy = [description ? descriptionId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;

  return (
    <div className={classes.field}>
      <Input.Label htmlFor={id} required={required} size="md" className={classes.label}>
        {label}
      </Input.Label>
      {description ? (
        <Input.Description id={descriptionId} size="md" className={classes.description}>
          {description}
        </Input.Description>
      ) : null}
      <div dir="ltr" className={classes.row}>
        {Picker ? (
          <Picker
            country={value.country}
            callingCode={value.callingCode}
            onSelect={selectCountry}
            defaultOpened={openOnMount}
            disabled={disabled}
            invalid={Boolean(error)}
          />
        ) : (
          <CountryButton
            country={value.country}
            callingCode={value.callingCode}
            flagSrc={value.country === DEFAULT_PHONE_VALUE.country ? lebanonFlag : undefined}
            invalid={Boolean(error)}
            disabled={disabled}
            aria-haspopup="listbox"
            aria-expanded={false}
            onPointerEnter={() => loadPicker().catch(() => {})}
            onFocus={() => loadPicker().catch(() => {})}
            onClick={() =>
              loadPicker().then(
                (loaded) => {
                  setOpenOnMount(true);
                  setPicker(() => loaded);
                },
                (loadError: unknown) => console.warn("The country list failed to load", loadError),
              )
            }
          />
        )}
        <Input
          id={id}
          ref={setRefs}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          dir="ltr"
          value={value.national}
          placeholder={t("phoneInput.placeholder")}
          error={Boolean(error)}
          disabled={disabled}
          required={required}
          autoFocus={autoFocus}
          aria-describedby={describedBy}
          size="md"
          className={classes.number}
          classNames={{ input: classes.numberInput }}
          onFocus={preloadRules}
          onPointerEnter={preloadRules}
          onChange={(event) => handleText(event.currentTarget.value)}
          onBlur={onBlur}
        />
      </div>
      {error ? (
        <Input.Error id={errorId} size="md" className={classes.error}>
          {error}
        </Input.Error>
      ) : null}
    </div>
  );
}
