import { fallbackLanguage, type Language, languages } from "@workshift/contracts";
import i18n, { type i18n as I18n } from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend, { type HttpBackendOptions } from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_KEY } from "../lib/storage-keys.ts";
import { applyDocumentLanguage } from "./document-language.ts";
import { toLanguage } from "./language.ts";
import { defaultNamespace, type Namespace } from "./namespaces.ts";

const oneYearInMinutes = 60 * 24 * 365;
const localesVersion = import.meta.env.VITE_LOCALES_VERSION;

let ready: Promise<I18n> | undefined;

/**
 * Starts i18next once and resolves when the detected language's `common`
 * namespace is loaded (or has finally failed to load: i18next then shows keys,
 * and the crash fallback still has its English default). Safe to call again.
 */
export function initI18n(): Promise<I18n> {
  ready ??= start();
  return ready;
}

/**
 * Loads a feature's namespaces; a route awaits this next to its code so the page never renders untranslated.
 * Asked before the first language has started loading (the router asks for the page's namespaces as the app
 * starts), they load with `common`, in parallel, instead of after it.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const ready = initI18n();
  // i18next picks the language, and so starts its first load of every namespace in options.ns, a task after init.
  const first = i18n.options.ns;
  if (!i18n.language && Array.isArray(first)) {
    for (const namespace of namespaces) if (!first.includes(namespace)) first.push(namespace);
  }
  const instance = await ready;
  await instance.loadNamespaces([...namespaces]);
}

/**
 * The language the app is shown in: the browser's (its first language the app
 * has, else English), unless the person chose another in the language menu.
 */
export function shownLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

async function start(): Promise<I18n> {
  // Registered before init so the very first detected language already sets <html lang dir>.
  i18n.on("languageChanged", applyDocumentLanguage);
  await i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      supportedLngs: languages,
      fallbackLng: fallbackLanguage,
      load: "languageOnly",
      nonExplicitSupportedLngs: true,
      ns: [defaultNamespace],
      defaultNS: defaultNamespace,
      // React escapes output itself (spec §9: translation text is not escaped).
      interpolation: { escapeValue: false },
      // The version lets the server's answer be cached until the translations change (vite.config.ts).
      backend: {
        loadPath: "/locales/{{lng}}/{{ns}}.json",
        queryStringParams: localesVersion ? { v: localesVersion } : {},
      },
      // Failed loads (network errors, 5xx) are retried 5 times: 350 ms, then doubling.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      detection: {
        order: ["querystring", "cookie", "localStorage", "navigator", "htmlTag", "path", "subdomain"],
        lookupQuerystring: "lng",
        // "fr-CA" → "fr": the app only has language-level files, so keep (and cache) the plain code.
        convertDetectedLanguage: (code) => code.split("-")[0] ?? code,
        lookupCookie: LANGUAGE_KEY,
        lookupLocalStorage: LANGUAGE_KEY,
        caches: ["localStorage", "cookie"],
        cookieMinutes: oneYearInMinutes,
        cookieOptions: { path: "/", sameSite: "lax" },
      },
      react: { useSuspense: true },
    });
  return i18n;
}
