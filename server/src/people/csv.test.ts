import { describe, expect, it } from "vitest";
import { detectDelimiter, parsePeopleCsv, splitNames } from "./csv.ts";

describe("parsePeopleCsv", () => {
  it("reads a BOM, CRLF, quoted fields with delimiters, quotes and line breaks, and skips blank rows", () => {
    const parsed = parsePeopleCsv(
      '\uFEFFFirst Name,LAST_NAME,phone,jobs\r\n"Amal","Had,dad",+96171000001,"A;B"\r\n,,,\r\n\r\n"Bruno ""B""","Di\naz",+96171000002,\r\n',
    );
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.rows).toEqual([
      { line: 2, values: { first_name: "Amal", last_name: "Had,dad", phone: "+96171000001", jobs: "A;B" } },
      { line: 5, values: { first_name: 'Bruno "B"', last_name: "Di\naz", phone: "+96171000002", jobs: "" } },
    ]);
  });

  it("names what is wrong with the file", () => {
    expect(parsePeopleCsv("").fileErrors).toEqual(["people.importNoRows"]);
    expect(parsePeopleCsv("first_name,last_name\nA,B").fileErrors).toEqual(["people.importMissingColumns"]);
    expect(parsePeopleCsv("first_name,last_name,email,email\nA,B,c,d").fileErrors).toEqual([
      "people.importDuplicateColumns",
    ]);
    expect(parsePeopleCsv('first_name,last_name,email\n"A,B,c').fileErrors).toEqual(["people.importUnreadable"]);
  });

  it("detects the delimiter from the header, outside quotes", () => {
    expect(detectDelimiter("a,b,c\n1;2;3;4;5")).toBe(",");
    expect(detectDelimiter("a;b;c\n1,2")).toBe(";");
    expect(detectDelimiter('"a,b,c";d;e\n')).toBe(";");
    expect(detectDelimiter("a\tb\tc")).toBe("\t");
    expect(detectDelimiter("single")).toBe(",");
  });

  it("splits name lists on semicolons", () => {
    expect(splitNames(" Kitchen; Bar ;;")).toEqual(["Kitchen", "Bar"]);
    expect(splitNames(undefined)).toEqual([]);
  });
});
