import {
  errorBodySchema,
  requestSchema,
  shiftConflictBodySchema,
  timeEntrySchema,
  timeOffBlockHitSchema,
} from "@workshift/contracts";
import { z } from "zod";

/**
 * The refusals request routes document: a 409 may carry the request as it
 * now is (request_changed), the person's shift in the way (shift_overlap)
 * or the entry as it now is (time_entry_changed); a 422 time_off_blocked
 * lists the blocked dates met.
 */
export const requestRefusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: shiftConflictBodySchema.extend({ request: requestSchema.optional(), entry: timeEntrySchema.optional() }),
  422: errorBodySchema.extend({ blocked: z.array(timeOffBlockHitSchema).optional() }),
};
export const requestSecurity = [{ bearer: [] }];
export const requestTags = ["requests"];
