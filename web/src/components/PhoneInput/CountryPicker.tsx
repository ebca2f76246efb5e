import { Combobox, useCombobox } from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "../../i18n/language.ts";
import { CountryButton } from "./CountryButton.tsx";
import { type CountryOption, filterCountries, flagUrl, loadCountryOptions } from "./countries.ts";
import classes from "./PhoneInput.module.css";

export interface CountryPickerProps {
  country: string;
  callingCode: string;
  onSelect(country: string, callingCode: string): void;
  defaultOpened: boolean;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * The searchable country list (spec §2): type a name (in the interface language
 * or English), a code or a dialling code; arrow keys move, Enter picks, Escape
 * closes and returns to the button. Loaded the first time someone reaches for it.
 */
export function CountryPicker({
  country,
  callingCode,
  onSelect,
  defaultOpened,
  disabled,
  invalid,
}: CountryPickerProps) {
  const { t, i18n } = useTranslation("common");
  const language = toLanguage(i18n.resolvedLanguage);
  const [options, setOptions] = useState<CountryOption[] | null>(null);
  const [search, setSearch] = useState("");
  const listRef = useRef<HTMLDivElement>(null);

  const combobox = useCombobox({
    defaultOpened,
    onDropdownOpen: () => combobox.focusSearchInput(),
    onDropdownClose: (source) => {
      combobox.resetSelectedOption();
      setSearch("");
      if (source === "keyboard") combobox.focusTarget();
    },
  });

  useEffect(() => {
    let current = true;
    loadCountryOptions(language).then(
      (loaded) => current && setOptions(loaded),
      (error: unknown) => console.warn("The country list failed to load", error),
    );
    return () => {
      current = false;
    };
  }, [language]);

  // Opened by the very click that loaded this component: the open callback never ran.
  useEffect(() => {
    if (defaultOpened) combobox.focusSearchInput();
  }, [defaultOpened, combobox.focusSearchInput]);

  const visible = useMemo(() => (options ? filterCountries(options, search) : []), [options, search]);

  // Show the chosen country when the list opens; follow the first match while searching.
  const opened = combobox.dropdownOpened;
  useEffect(() => {
    if (!opened || !options) return;
    if (search === "") {
      const index = visible.findIndex((option) => option.code === country);
      if (index >= 0) combobox.selectOption(index);
      listRef.current?.querySelector('[data-combobox-selected="true"]')?.scrollIntoView({ block: "nearest" });
    } else {
      combobox.selectFirstOption();
      if (listRef.current) listRef.current.scrollTop = 0;
    }
  }, [opened, options, search, visible, country, combobox.selectOption, combobox.selectFirstOption]);

  return (
    <Combobox
      store={combobox}
      width={320}
      position="bottom-start"
      shadow="md"
      withinPortal
      onOptionSubmit={(code) => {
        const chosen = options?.find((option) => option.code === code);
        if (chosen) onSelect(chosen.code, chosen.callingCode);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target targetType="button" withAriaAttributes>
        <CountryButton
          country={country}
          callingCode={callingCode}
          flagSrc={flagUrl(country)}
          invalid={invalid}
          disabled={disabled}
          aria-haspopup="listbox"
          onClick={() => combobox.toggleDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t("phoneInput.searchPlaceholder")}
          aria-label={t("phoneInput.searchLabel")}
        />
        <Combobox.Options ref={listRef} className={classes.options} aria-label={t("phoneInput.countries")}>
          {options === null ? (
            <Combobox.Empty>{t("loading")}</Combobox.Empty>
          ) : visible.length === 0 ? (
            <Combobox.Empty>{t("phoneInput.noResults")}</Combobox.Empty>
          ) : (
            visible.map((option) => (
              <Combobox.Option
                key={option.code}
                value={option.code}
                active={option.code === country}
                selected={option.code === country}
                className={classes.option}
              >
                <img src={flagUrl(option.code)} alt="" width={20} height={14} loading="lazy" className={classes.flag} />
                <span className={classes.optionName}>{option.name}</span>
                <span dir="ltr" className={classes.optionDial}>
                  +{option.callingCode}
                </span>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
