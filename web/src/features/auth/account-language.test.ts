import type { Language, User } from "@workshift/contracts";
import { describe, expect, it, vi } from "vitest";
import { accountLanguage, type LanguageSwitch } from "./account-language.ts";

const person = (language: Language, language_chosen = true): User => ({
  id: "6f1c1c38-6c43-4d8b-9f59-0a4f6f3e2a11",
  person_id: null,
  first_name: "Sami",
  last_name: "Khoury",
  email: null,
  email_verified: false,
  phone: "96171123456",
  role: "EMPLOYEE",
  permissions: [],
  initials: "SK",
  color: "#0b7285",
  language,
  language_chosen,
  organization_id: null,
});

/** i18next as the sync sees it: a current language, a switch, and its event. */
function fakeI18n(shown: string) {
  const listeners = new Set<(language: string) => void>();
  const i18n = {
    resolvedLanguage: shown,
    changeLanguage: vi.fn((language: string) => {
      i18n.resolvedLanguage = language;
      for (const listener of listeners) listener(language);
    }),
    on: (_event: "languageChanged", listener: (language: string) => void) => listeners.add(listener),
    off: (_event: "languageChanged", listener: (language: string) => void) => listeners.delete(listener),
  } satisfies LanguageSwitch;
  return i18n;
}

function setUp(shown: string) {
  const i18n = fakeI18n(shown);
  const saved: Language[] = [];
  const known: User[] = [];
  const answers: { resolve(user: User): void; language: Language }[] = [];
  const sync = accountLanguage({
    i18n,
    save: (language) => {
      saved.push(language);
      return new Promise((resolve) => answers.push({ resolve, language }));
    },
    onUser: (user) => known.push(user),
    onError: (error) => {
      throw error;
    },
  });
  const answerAll = async () => {
    for (let turn = 0; turn < 10; turn += 1) {
      await Promise.resolve();
      for (const answer of answers.splice(0)) answer.resolve(person(answer.language));
    }
  };
  return { i18n, sync, saved, known, answerAll };
}

describe("the signed-in person's language", () => {
  it("is saved to the account when they switch language in the app", async () => {
    const { i18n, sync, saved, known, answerAll } = setUp("en");
    sync.signedIn(person("en"));
    i18n.changeLanguage("fr");
    expect(known.at(-1)).toMatchObject({ language: "fr", language_chosen: true });
    await answerAll();
    expect(saved).toEqual(["fr"]);
    expect(known.at(-1)).toEqual(person("fr"));
  });

  it("is what the app shows once they are known (another device chose it)", () => {
    const { i18n, sync, saved } = setUp("en");
    sync.signedIn(person("ar"));
    expect(i18n.changeLanguage).toHaveBeenCalledWith("ar");
    expect(i18n.resolvedLanguage).toBe("ar");
    expect(saved).toEqual([]);
  });

  it("replaces the inviter's guess with the language on screen", async () => {
    const { i18n, sync, saved, answerAll } = setUp("es-MX");
    sync.signedIn(person("en", false));
    await answerAll();
    expect(saved).toEqual(["es"]);
    expect(i18n.changeLanguage).not.toHaveBeenCalled();
  });

  it("ends with the last choice when they switch again before the first is saved", async () => {
    const { i18n, sync, saved, known, answerAll } = setUp("en");
    sync.signedIn(person("en"));
    i18n.changeLanguage("fr");
    i18n.changeLanguage("ar");
    await answerAll();
    expect(saved).toEqual(["fr", "ar"]);
    // At once each choice; of the answers only the last one's (the first one's is already out of date).
    expect(known.map((user) => user.language)).toEqual(["fr", "ar", "ar"]);
    expect(known.at(-1)).toEqual(person("ar"));
  });

  it("is not saved by anybody when nobody is signed in, nor after signing out", () => {
    const { i18n, sync, saved } = setUp("en");
    i18n.changeLanguage("fr");
    sync.signedIn(person("fr"));
    sync.signedIn(null);
    i18n.changeLanguage("ar");
    sync.stop();
    i18n.changeLanguage("es");
    expect(saved).toEqual([]);
  });

  it("is not saved again when the app only follows the account", () => {
    const { i18n, sync, saved } = setUp("en");
    sync.signedIn(person("fr"));
    sync.signedIn(person("fr"));
    expect(i18n.changeLanguage).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([]);
  });
});
