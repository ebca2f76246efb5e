import { Button } from "@mantine/core";
import { IconChevronDown, IconLanguage } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "../../i18n/language.ts";

type LanguageButtonProps = Omit<ComponentPropsWithRef<"button">, "children" | "color" | "style">;

/** The language menu's trigger: shows the current language, named in that language. */
export function LanguageButton(props: LanguageButtonProps) {
  const { t, i18n } = useTranslation("common");
  const current = toLanguage(i18n.resolvedLanguage);
  const name = t(`language.names.${current}`);
  return (
    <Button
      variant="default"
      radius="xl"
      leftSection={<IconLanguage size={18} stroke={1.75} aria-hidden="true" />}
      rightSection={<IconChevronDown size={16} stroke={1.75} aria-hidden="true" />}
      aria-label={t("language.change", { language: name })}
      {...props}
    >
      <span lang={current}>{name}</span>
    </Button>
  );
}
