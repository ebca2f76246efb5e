import { jobColorPalette, type LeaveType, type LeaveTypeInput, leaveTypeInputSchema } from "@workshift/contracts";
import { fieldErrorsOf, sameNames, schemaIssues } from "./form-rules.ts";

/** The leave type form: its name, colour and whether it is paid, as the API takes them. */
export interface TypeFormValues {
  name: string;
  color: string;
  paid: boolean;
}
export type TypeField = keyof TypeFormValues;

/** A palette colour no type uses yet (the first one when all are taken). */
export function nextTypeColor(types: readonly Pick<LeaveType, "color">[]): string {
  const used = new Set(types.map((type) => type.color.toLowerCase()));
  return jobColorPalette.find((color) => !used.has(color)) ?? jobColorPalette[0];
}

export const emptyTypeValues = (color: string): TypeFormValues => ({ name: "", color, paid: true });

export const typeValuesFrom = (type: LeaveType): TypeFormValues => ({
  name: type.name,
  color: type.color,
  paid: type.paid,
});

export const typeBody = (values: TypeFormValues): LeaveTypeInput => ({ ...values });

const typeField = sameNames<TypeField>(["name", "color", "paid"]);

export function typeFieldErrors(fields: Record<string, string>): Partial<Record<TypeField, string>> {
  return fieldErrorsOf(fields, typeField);
}

export function validateType(values: TypeFormValues): Partial<Record<TypeField, string>> {
  return typeFieldErrors(schemaIssues(leaveTypeInputSchema, typeBody(values)));
}
