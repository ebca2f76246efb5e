import { errorCodes } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import english from "../../public/locales/en/errors.json";
import { authErrorMessages } from "./auth-errors.ts";
import { isServerFailure, problemCodeOf } from "./problem-text.ts";

const answer = (status: number, body?: unknown) => ({ isAxiosError: true, response: { status, data: body } });

describe("which text a failed request gets", () => {
  it("is the API's code, whatever the status", () => {
    expect(problemCodeOf(answer(409, { code: "last_owner" }))).toBe("last_owner");
    expect(problemCodeOf(answer(403, { code: "forbidden" }))).toBe("forbidden");
    expect(problemCodeOf(answer(404, { code: "not_found" }))).toBe("not_found");
    expect(problemCodeOf(answer(429, { code: "rate_limited" }))).toBe("rate_limited");
    expect(problemCodeOf(answer(422, { code: "validation_failed", fields: { phone: "x" } }))).toBe("validation_failed");
    expect(problemCodeOf(answer(400, { code: "otp_invalid" }))).toBe("otp_invalid");
  });

  it("is the server's failure for an answer without a known code", () => {
    expect(problemCodeOf(answer(500, { code: "internal" }))).toBe("internal");
    expect(problemCodeOf(answer(502, "<html>Bad gateway</html>"))).toBe("internal");
    expect(problemCodeOf(answer(404))).toBe("internal");
    expect(problemCodeOf(answer(418, { code: "teapot" }))).toBe("internal");
  });

  it("tells no answer at all from an error of the page itself", () => {
    expect(problemCodeOf(new Error(authErrorMessages.network))).toBe("network");
    expect(problemCodeOf({ isAxiosError: true, message: "Network Error" })).toBe("network");
    expect(problemCodeOf(new Error("boom"))).toBe("internal");
    expect(problemCodeOf(undefined)).toBe("internal");
  });

  it("logs only the server's failures", () => {
    expect(isServerFailure("internal")).toBe(true);
    expect(isServerFailure("database_unavailable")).toBe(true);
    expect(isServerFailure("shift_overlap")).toBe(false);
    expect(isServerFailure("network")).toBe(false);
  });

  it("has words for no answer and for every code the API answers", () => {
    for (const code of ["network", ...errorCodes]) expect(english.codes).toHaveProperty(code);
    for (const code of Object.keys(english.codes)) expect(["network", ...errorCodes]).toContain(code);
  });
});
