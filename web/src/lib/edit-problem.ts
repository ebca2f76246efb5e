import { apiErrorCode, apiFieldErrors, httpStatusOf } from "./api-error.ts";
import { problemOf } from "./problem.ts";

/** What went wrong with a write on the board, as the editor and the week's dialogs say it (scheduleEdit "problems.*"). */
export type EditProblem = "network" | "forbidden" | "notFound" | "conflict" | "rateLimited" | "invalid" | "generic";

export function editProblemOf(error: unknown): EditProblem {
  const problem = problemOf(httpStatusOf(error), apiErrorCode(error), apiFieldErrors(error));
  return problem === "lastOwner" || problem === "overBudget" ? "generic" : problem;
}
