import { importColumns } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { csvField, csvFileProblem, csvLine, csvTemplate, csvTextForUpload, csvTextProblem } from "./csv.ts";

describe("the CSV template", () => {
  it("has the import's columns, in order, as its header", () => {
    const template = csvTemplate();
    const header = csvTextForUpload(template).split("\r\n")[0];
    expect(header?.split(",")).toEqual([...importColumns]);
    expect(header).toBe("first_name,last_name,phone,email,role,jobs,schedules,hourly_rate,employee_id");
  });

  it("starts with a byte order mark for spreadsheets and ends its line with CRLF", () => {
    const template = csvTemplate();
    expect(template.charCodeAt(0)).toBe(0xfeff);
    expect(template.endsWith("\r\n")).toBe(true);
  });
});

describe("CSV fields", () => {
  it("are quoted only when they need it", () => {
    expect(csvField("Rana")).toBe("Rana");
    expect(csvField("Khoury, Jr")).toBe('"Khoury, Jr"');
    expect(csvField('The "Chef"')).toBe('"The ""Chef"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvLine(["a", "b,c", ""])).toBe('a,"b,c",');
  });
});

describe("an uploaded file", () => {
  it("is sent without its byte order mark", () => {
    expect(csvTextForUpload("\uFEFFfirst_name\r\n")).toBe("first_name\r\n");
    expect(csvTextForUpload("first_name")).toBe("first_name");
  });

  it("must look like a CSV, not be empty and not be too large", () => {
    expect(csvFileProblem({ name: "team.csv", size: 120, type: "text/csv" })).toBeNull();
    expect(csvFileProblem({ name: "TEAM.CSV", size: 120, type: "" })).toBeNull();
    expect(csvFileProblem({ name: "export", size: 120, type: "application/vnd.ms-excel" })).toBeNull();
    expect(csvFileProblem({ name: "photo.png", size: 120, type: "image/png" })).toBe("notCsv");
    expect(csvFileProblem({ name: "team.csv", size: 0, type: "text/csv" })).toBe("empty");
    expect(csvFileProblem({ name: "team.csv", size: 5_000_000, type: "text/csv" })).toBe("tooLarge");
    expect(csvTextProblem(" \r\n ")).toBe("empty");
    expect(csvTextProblem("x".repeat(1_000_001))).toBe("tooLarge");
    expect(csvTextProblem("first_name\r\n")).toBeNull();
  });
});
