import type { ImportPreview, ImportRow } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { canImport, PREVIEW_ROWS_SHOWN, previewFromErrorBody, previewRows } from "./import-preview.ts";

const row = (line: number, errors: Record<string, string> = {}): ImportRow => ({
  line,
  first_name: "Rana",
  last_name: "Haddad",
  phone: "96171123456",
  email: null,
  role: "EMPLOYEE",
  jobs: [],
  schedules: [],
  hourly_rate: null,
  employee_id: null,
  errors,
});

const preview = (rows: ImportRow[], file_errors: string[] = []): ImportPreview => ({
  rows,
  valid: rows.filter((r) => Object.keys(r.errors).length === 0).length,
  invalid: rows.filter((r) => Object.keys(r.errors).length > 0).length,
  file_errors,
});

describe("the import preview", () => {
  it("may be imported only when every row is fine and the file has no problem", () => {
    expect(canImport(preview([row(2), row(3)]))).toBe(true);
    expect(canImport(preview([row(2), row(3, { phone: "account.invalidPhoneNumber" })]))).toBe(false);
    expect(canImport(preview([row(2)], ["people.importUnknownColumn"]))).toBe(false);
    expect(canImport(preview([]))).toBe(false);
  });

  it("lists the rows with problems when asked, and draws a bounded number", () => {
    const rows = [row(2), row(3, { email: "account.invalidEmailFormat" }), row(4)];
    expect(previewRows(preview(rows), true).rows.map((r) => r.line)).toEqual([3]);
    expect(previewRows(preview(rows), false).rows.map((r) => r.line)).toEqual([2, 3, 4]);
    const many = Array.from({ length: PREVIEW_ROWS_SHOWN + 5 }, (_, i) => row(i + 2));
    expect(previewRows(preview(many), false)).toMatchObject({ hidden: 5 });
    expect(previewRows(preview(many), false).rows).toHaveLength(PREVIEW_ROWS_SHOWN);
  });

  it("is read from a refused import's body, at its root or under preview", () => {
    const body = preview([row(2, { role: "people.roleInvalid" })]);
    expect(previewFromErrorBody({ error: "x", code: "validation_failed", ...body })).toEqual(body);
    expect(previewFromErrorBody({ error: "x", code: "validation_failed", preview: body })).toEqual(body);
    expect(previewFromErrorBody({ error: "x", code: "validation_failed" })).toBeNull();
    expect(previewFromErrorBody(undefined)).toBeNull();
  });
});
