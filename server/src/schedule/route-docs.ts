import { errorBodySchema } from "@workshift/contracts";

/** The refusals every schedule route documents (OpenAPI); a route adds or narrows its own. */
export const scheduleRefusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
export const scheduleSecurity = [{ bearer: [] }];
export const scheduleTags = ["schedule"];
