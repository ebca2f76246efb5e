/**
 * "Ask for time off": the form's values and rules. The contracts' own schema
 * runs on what the form would send, so the form and the server refuse the
 * same things with the same keys (of the "validation" namespace). A part of a
 * day is of one day: its last day is its first.
 */
import {
  addDays,
  type LeaveType,
  type RequestCreate,
  type TimeOffPreviewInput,
  timeOffPreviewSchema,
} from "@workshift/contracts";

export interface TimeOffValues {
  leave_type_id: string;
  /** First and last day, "YYYY-MM-DD" (a native date input's value; "" until chosen). */
  from: string;
  to: string;
  /** Part of one day (from–to times) rather than whole days. */
  part: boolean;
  start: string;
  end: string;
  note: string;
}

/** A new ask: the first type that is not archived, tomorrow, whole days. */
export function initialValues(types: readonly LeaveType[], today: string): TimeOffValues {
  const day = addDays(today, 1);
  return {
    leave_type_id: types.find((type) => !type.archived)?.id ?? "",
    from: day,
    to: day,
    part: false,
    start: "09:00",
    end: "13:00",
    note: "",
  };
}

/** Moving the first day past the last moves the last with it (one keeps asking for a range that runs forward). */
export function withFrom(values: TimeOffValues, from: string): TimeOffValues {
  return { ...values, from, to: values.part || values.to === "" || values.to < from ? from : values.to };
}

/** What the preview and the ask send about the time off itself. */
export function askFields(values: TimeOffValues): TimeOffPreviewInput {
  return {
    leave_type_id: values.leave_type_id,
    from: values.from,
    to: values.part ? values.from : values.to,
    part: values.part ? { start: values.start, end: values.end } : null,
  };
}

/** Field → the key of what is wrong with it (first problem each): leave_type_id, from, to, start, end. */
export function formProblems(values: TimeOffValues): Record<string, string> {
  const checked = timeOffPreviewSchema.safeParse(askFields(values));
  if (checked.success) return {};
  const out: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const [first, second] = issue.path;
    const field = first === "part" ? (second === "start" ? "start" : "end") : String(first);
    out[field] ??= issue.message;
  }
  return out;
}

/** The fields to preview, or null while the form is not yet a valid ask. */
export function previewFields(values: TimeOffValues): TimeOffPreviewInput | null {
  return Object.keys(formProblems(values)).length === 0 ? askFields(values) : null;
}

/** POST /api/my/requests's body (an empty note is left out). */
export function askBody(values: TimeOffValues): RequestCreate {
  const note = values.note.trim();
  return { kind: "time_off", ...askFields(values), ...(note ? { note } : {}) };
}
