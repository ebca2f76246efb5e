import type { Language, User } from "@workshift/contracts";
import { toLanguage } from "../../i18n/language.ts";

type Listener = (language: string) => void;

/** What the account's language needs of i18next. */
export interface LanguageSwitch {
  readonly resolvedLanguage?: string | undefined;
  changeLanguage(language: string): unknown;
  on(event: "languageChanged", listener: Listener): unknown;
  off(event: "languageChanged", listener: Listener): unknown;
}

export interface AccountLanguageOptions {
  i18n: LanguageSwitch;
  /** PUT /api/auth/me/language: the person as saved. */
  save(language: Language): Promise<User>;
  /** The person as the app should now know them: at once with the new language, then as the server saved them. */
  onUser(user: User): void;
  onError(error: unknown): void;
}

export interface AccountLanguage {
  /** Call whenever the signed-in person is (again) known, or no longer (null). */
  signedIn(user: User | null | undefined): void;
  stop(): void;
}

/**
 * Keeps the app's language and the signed-in person's language one, so the
 * app and every message sent to them (codes, schedules) speak the same:
 * - someone whose account has a language of their own sees the app in it, on
 *   every device, as soon as they are known;
 * - an account that holds only the inviter's guess takes the language on screen;
 * - choosing another language while signed in (the header's menu, Settings →
 *   Account) saves it to the account.
 * Saves go one after another, so the account ends with the last choice.
 */
export function accountLanguage({ i18n, save, onUser, onError }: AccountLanguageOptions): AccountLanguage {
  let user: User | null = null;
  let latest = 0;
  let saving: Promise<unknown> = Promise.resolve();

  const keep = (language: Language) => {
    if (!user) return;
    user = { ...user, language, language_chosen: true };
    onUser(user);
    const ticket = ++latest;
    saving = saving
      .then(() => save(language))
      .then((saved) => {
        if (ticket === latest) onUser(saved);
      }, onError);
  };

  const changed: Listener = (code) => {
    const language = toLanguage(code);
    if (user && (!user.language_chosen || user.language !== language)) keep(language);
  };
  i18n.on("languageChanged", changed);

  return {
    signedIn(next) {
      user = next ?? null;
      if (!user) return;
      const shown = toLanguage(i18n.resolvedLanguage);
      if (!user.language_chosen) keep(shown);
      else if (user.language !== shown) i18n.changeLanguage(user.language);
    },
    stop() {
      i18n.off("languageChanged", changed);
      user = null;
    },
  };
}
