import { Radio, Stack } from "@mantine/core";
import { languages } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { toLanguage } from "../../../i18n/language.ts";
import { MyCard } from "../MyCard.tsx";

/**
 * The app's language, as in the header's menu but laid out: i18next loads
 * it, remembers it and flips <html lang dir>; signed in, it is saved to the
 * account too (AuthProvider listens), so messages come in it.
 */
export function LanguageCard() {
  const { t, i18n } = useTranslation(["my", "common"]);
  const current = toLanguage(i18n.resolvedLanguage);
  return (
    <MyCard title={t("profile.language")}>
      <Radio.Group
        value={current}
        onChange={(language) => void i18n.changeLanguage(language)}
        aria-label={t("profile.language")}
      >
        <Stack gap="sm">
          {languages.map((language) => (
            <Radio key={language} value={language} lang={language} label={t(`common:language.names.${language}`)} />
          ))}
        </Stack>
      </Radio.Group>
    </MyCard>
  );
}
