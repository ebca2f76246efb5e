import { Select } from "@mantine/core";
import { languages } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { toLanguage } from "../../i18n/language.ts";

/**
 * The person's language, in the Account tab. It applies at once, like the
 * header's language menu: the app switches, and the signed-in person's
 * account keeps it (for their other devices and every message sent to them).
 */
export function AccountLanguageField({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation(["settings", "common"]);
  const data = languages.map((language) => ({ value: language, label: t(`common:language.names.${language}`) }));
  return (
    <Select
      size="md"
      label={t("account.language")}
      description={t("account.languageHint")}
      data={data}
      value={toLanguage(i18n.resolvedLanguage)}
      allowDeselect={false}
      disabled={disabled}
      onChange={(language) => {
        if (language) void i18n.changeLanguage(language);
      }}
    />
  );
}
