import { holidayInputSchema, timeOffBlockInputSchema } from "@workshift/contracts";
import { fieldErrorsOf, sameNames, schemaIssues } from "./form-rules.ts";

/** A holiday added or renamed by hand. */
export interface HolidayFormValues {
  day: string;
  name: string;
}
const holidayField = sameNames<keyof HolidayFormValues>(["day", "name"]);
export const holidayFieldErrors = (fields: Record<string, string>) => fieldErrorsOf(fields, holidayField);
export const validateHoliday = (values: HolidayFormValues) =>
  holidayFieldErrors(schemaIssues(holidayInputSchema, values));

/** Blocked dates: the whole organization ("all") or one board, a range of days and why. */
export interface BlockFormValues {
  board_id: string;
  starts_on: string;
  ends_on: string;
  reason: string;
}
export const ORGANIZATION_WIDE = "all";

export const blockBody = (values: BlockFormValues) => ({
  board_id: values.board_id === ORGANIZATION_WIDE ? null : values.board_id,
  starts_on: values.starts_on,
  ends_on: values.ends_on,
  reason: values.reason,
});
const blockField = sameNames<keyof BlockFormValues>(["board_id", "starts_on", "ends_on", "reason"]);
export const blockFieldErrors = (fields: Record<string, string>) => fieldErrorsOf(fields, blockField);
export const validateBlock = (values: BlockFormValues) =>
  blockFieldErrors(schemaIssues(timeOffBlockInputSchema, blockBody(values)));
