import { IconChevronDown } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "../../i18n/language.ts";
import classes from "./PhoneInput.module.css";
import { regionName } from "./phone-value.ts";

interface CountryButtonProps extends Omit<ComponentPropsWithRef<"button">, "children"> {
  country: string;
  callingCode: string;
  /** The flag drawing; omitted until the country list (which knows every flag) has loaded. */
  flagSrc: string | undefined;
  invalid?: boolean;
}

/** The country part of the phone field: flag, dialling code and a chevron; opens the country list. */
export function CountryButton({ country, callingCode, flagSrc, invalid, className, ...props }: CountryButtonProps) {
  const { t, i18n } = useTranslation("common");
  const name = regionName(country, toLanguage(i18n.resolvedLanguage));
  return (
    <button
      type="button"
      className={`${classes.country} ${className ?? ""}`}
      data-invalid={invalid || undefined}
      aria-label={t("phoneInput.country", { country: name, code: `+${callingCode}` })}
      {...props}
    >
      {flagSrc ? (
        <img src={flagSrc} alt="" width={22} height={15} className={classes.flag} />
      ) : (
        <span className={classes.flag} aria-hidden="true" />
      )}
      <span className={classes.dial}>+{callingCode}</span>
      <IconChevronDown size={14} stroke={2} aria-hidden="true" className={classes.chevron} />
    </button>
  );
}
