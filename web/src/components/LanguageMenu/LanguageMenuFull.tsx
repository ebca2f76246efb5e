import { Menu } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { languages } from "@workshift/contracts";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "../../i18n/language.ts";
import { focusIsNowhere } from "../../lib/lost-focus.ts";
import { LanguageButton } from "./LanguageButton.tsx";

/**
 * The menu itself (Mantine Menu: arrow keys, Home/End, type-ahead, Escape).
 * Choosing a language makes i18next load its files, remember the choice
 * (localStorage and cookie) and flip <html lang dir>; the layout follows.
 * Signed in, the choice is also saved to the person's account (AuthProvider
 * listens for every language change).
 */
export function LanguageMenuFull({ defaultOpened }: { defaultOpened: boolean }) {
  const { t, i18n } = useTranslation("common");
  const current = toLanguage(i18n.resolvedLanguage);
  const targetRef = useRef<HTMLButtonElement>(null);

  // When this replaced the placeholder button on the first click, focus had nowhere to return to.
  // Checked again once the dropdown's closing transition is over, when Mantine returns focus.
  const keepFocusOnTarget = () => {
    const check = () => {
      if (focusIsNowhere()) targetRef.current?.focus();
    };
    requestAnimationFrame(check);
    setTimeout(check, 250);
  };

  return (
    <Menu
      position="bottom-end"
      width={200}
      shadow="md"
      offset={6}
      defaultOpened={defaultOpened}
      onClose={keepFocusOnTarget}
    >
      <Menu.Target>
        <LanguageButton ref={targetRef} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("language.label")}</Menu.Label>
        <Menu.RadioGroup value={current} onChange={(language) => void i18n.changeLanguage(language)}>
          {languages.map((language) => (
            <Menu.RadioItem
              key={language}
              value={language}
              lang={language}
              closeMenuOnClick
              checkIcon={<IconCheck size={16} stroke={2} aria-hidden="true" />}
            >
              {t(`language.names.${language}`)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
