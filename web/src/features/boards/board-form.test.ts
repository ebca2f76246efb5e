import { describe, expect, it } from "vitest";
import { boardBody, boardFieldErrors, emptyBoardValues, validateBoard } from "./board-form.ts";

describe("the board form", () => {
  it("leaves the time zone and week start to the organization when not chosen", () => {
    expect(boardBody({ ...emptyBoardValues(), name: "Main" })).toEqual({ name: "Main", job_ids: [], member_ids: [] });
    expect(boardBody({ ...emptyBoardValues(), name: "Main", time_zone: "Asia/Beirut", week_start: "0" })).toMatchObject(
      {
        time_zone: "Asia/Beirut",
        week_start: 0,
      },
    );
  });

  it("refuses what the API refuses", () => {
    expect(validateBoard(emptyBoardValues(), "create")).toEqual({ name: "boards.nameRequired" });
    expect(validateBoard({ ...emptyBoardValues(), name: "Main", job_ids: ["x"] }, "create")).toEqual({
      job_ids: "boards.unknownJob",
    });
  });

  it("shows the API's per-item messages under the whole set", () => {
    expect(boardFieldErrors({ "member_ids.4": "boards.unknownMember", name: "boards.nameTaken" })).toEqual({
      member_ids: "boards.unknownMember",
      name: "boards.nameTaken",
    });
  });
});
