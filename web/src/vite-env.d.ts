/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The key one-time-code requests are signed with (see lib/signature.ts); a build-time setting. */
  readonly VITE_OTP_SIGNING_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
