import type admin from "../../public/locales/en/admin.json";
import type auth from "../../public/locales/en/auth.json";
import type common from "../../public/locales/en/common.json";
import type dev from "../../public/locales/en/dev.json";
import type errors from "../../public/locales/en/errors.json";
import type settings from "../../public/locales/en/settings.json";
import type validation from "../../public/locales/en/validation.json";

// English is the reference: a key missing there is a type error at the call site.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      common: typeof common;
      auth: typeof auth;
      validation: typeof validation;
      dev: typeof dev;
      errors: typeof errors;
      admin: typeof admin;
      settings: typeof settings;
    };
  }
}
