import { type Board, type BoardCreate, boardCreateSchema, boardUpdateSchema } from "@workshift/contracts";

/**
 * The board form's values and rules: the API's own schemas run on the body
 * the form would send, so both refuse the same things with the same keys.
 */
export interface BoardFormValues {
  name: string;
  /** Null on a new board: the organization's. */
  time_zone: string | null;
  /** "0"…"6" as the select holds it; null on a new board: the organization's. */
  week_start: string | null;
  job_ids: string[];
  member_ids: string[];
}

export type BoardField = keyof BoardFormValues;

export const emptyBoardValues = (): BoardFormValues => ({
  name: "",
  time_zone: null,
  week_start: null,
  job_ids: [],
  member_ids: [],
});

export function boardValuesFrom(board: Board): BoardFormValues {
  return {
    name: board.name,
    time_zone: board.time_zone,
    week_start: String(board.week_start),
    job_ids: [...board.job_ids],
    member_ids: [...board.member_ids],
  };
}

/** POST /api/boards's body (PATCH takes the same; an empty zone or week start is left to the server). */
export function boardBody(values: BoardFormValues): BoardCreate {
  const body: BoardCreate = { name: values.name, job_ids: values.job_ids, member_ids: values.member_ids };
  if (values.time_zone) body.time_zone = values.time_zone;
  if (values.week_start !== null && values.week_start !== "") body.week_start = Number(values.week_start);
  return body;
}

const boardFields: readonly BoardField[] = ["name", "time_zone", "week_start", "job_ids", "member_ids"];

/** Field → message key, for the form's fields ("member_ids.3" is shown under the members). */
export function boardFieldErrors(fields: Record<string, string>): Partial<Record<BoardField, string>> {
  const out: Partial<Record<BoardField, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.split(".")[0] ?? key;
    if ((boardFields as readonly string[]).includes(field)) out[field as BoardField] ??= message;
  }
  return out;
}

export function validateBoard(values: BoardFormValues, mode: "create" | "edit"): Partial<Record<BoardField, string>> {
  const schema = mode === "create" ? boardCreateSchema : boardUpdateSchema;
  const checked = schema.safeParse(boardBody(values));
  if (checked.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of checked.error.issues) fields[issue.path.join(".")] ??= issue.message;
  return boardFieldErrors(fields);
}
