import type activation from "../../public/locales/en/activation.json";
import type admin from "../../public/locales/en/admin.json";
import type auth from "../../public/locales/en/auth.json";
import type boards from "../../public/locales/en/boards.json";
import type common from "../../public/locales/en/common.json";
import type dev from "../../public/locales/en/dev.json";
import type errors from "../../public/locales/en/errors.json";
import type jobs from "../../public/locales/en/jobs.json";
import type my from "../../public/locales/en/my.json";
import type overview from "../../public/locales/en/overview.json";
import type people from "../../public/locales/en/people.json";
import type requests from "../../public/locales/en/requests.json";
import type schedule from "../../public/locales/en/schedule.json";
import type scheduleEdit from "../../public/locales/en/scheduleEdit.json";
import type scheduleViews from "../../public/locales/en/scheduleViews.json";
import type settings from "../../public/locales/en/settings.json";
import type timeClock from "../../public/locales/en/timeClock.json";
import type timeOff from "../../public/locales/en/timeOff.json";
import type timeOffSetup from "../../public/locales/en/timeOffSetup.json";
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
      people: typeof people;
      activation: typeof activation;
      my: typeof my;
      jobs: typeof jobs;
      boards: typeof boards;
      schedule: typeof schedule;
      scheduleEdit: typeof scheduleEdit;
      scheduleViews: typeof scheduleViews;
      timeClock: typeof timeClock;
      overview: typeof overview;
      requests: typeof requests;
      timeOff: typeof timeOff;
      timeOffSetup: typeof timeOffSetup;
    };
  }
}
