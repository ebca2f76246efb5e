import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Turns a field message key from the shared rules ("account.firstNameRequired",
 * what zod and the API's `fields` carry) into text. Keys live in the
 * "validation" namespace; an unknown key falls back to a general message
 * rather than showing the raw key.
 */
export function useFieldMessage(): (message: ReactNode) => ReactNode {
  const { t, i18n } = useTranslation("validation");
  return (message) => {
    if (typeof message !== "string" || message === "") return message || undefined;
    return i18n.exists(message, { ns: "validation" }) ? t(message as "generic") : t("generic");
  };
}
