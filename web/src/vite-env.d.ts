/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The key one-time-code requests are signed with (see lib/signature.ts); a build-time setting. */
  readonly VITE_OTP_SIGNING_KEY?: string;
  /** A hash of the translation files, asked with each of them so they can be cached (vite.config.ts). */
  readonly VITE_LOCALES_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
