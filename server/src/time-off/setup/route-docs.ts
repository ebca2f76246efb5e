import { errorBodySchema } from "@workshift/contracts";

/** The refusals the time-off routes document. */
export const timeOffRefusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
export const timeOffSecurity = [{ bearer: [] }];
export const timeOffTags = ["time off"];
