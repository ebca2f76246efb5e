import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDocument } from "./export-csv.ts";

describe("CSV cells", () => {
  it("are all quoted, with quotes doubled", () => {
    expect(csvCell("Kitchen")).toBe('"Kitchen"');
    expect(csvCell('Say "hi", then go')).toBe('"Say ""hi"", then go"');
    expect(csvCell(7.5)).toBe('"7.5"');
    expect(csvCell(null)).toBe('""');
  });

  it("cannot start a formula in a spreadsheet", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ["+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(start).slice(0, 2)).toBe(`"'`);
    expect(csvCell("a=b")).toBe('"a=b"');
  });

  it("make a file a CSV reader gives back exactly, Arabic and line breaks included", () => {
    const rows = [
      ["سامي خوري", "line one\nline two", "=1+1"],
      ["Zoë", 'a "quote"', ""],
    ];
    const text = csvDocument(["person", "note", "cost"], rows);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toContain("\r\n");
    const parsed = parse(text, { bom: true }) as string[][];
    expect(parsed).toEqual([
      ["person", "note", "cost"],
      ["سامي خوري", "line one\nline two", "'=1+1"],
      ["Zoë", 'a "quote"', ""],
    ]);
  });
});
