import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A field message as text: a key of the "validation" namespace (what the
 * forms' rules and the API's `fields` carry) is translated; anything else is
 * the server's own error text (spec §8 shows it under the phone or email
 * field) and is shown as it came.
 */
export function useSettingsMessage(): (message: ReactNode) => ReactNode {
  const { t, i18n } = useTranslation("validation");
  return (message) => {
    if (typeof message !== "string" || message === "") return message || undefined;
    return i18n.exists(message, { ns: "validation" }) ? t(message as "generic") : message;
  };
}
