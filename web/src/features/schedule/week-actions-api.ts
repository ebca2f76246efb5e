/** The week's actions (shapes in the contracts' schedule.ts). */
import type {
  CopyResult,
  clearDraftsSchema,
  copyWeekSchema,
  PublishRequest,
  PublishResponse,
  ScheduleRules,
  ScheduleTemplate,
  templateCreateSchema,
} from "@workshift/contracts";
import type { z } from "zod";
import { api } from "../../lib/api.ts";

type CopyWeek = z.input<typeof copyWeekSchema>;
type ClearDrafts = z.input<typeof clearDraftsSchema>;
type TemplateCreate = z.input<typeof templateCreateSchema>;

const id = (value: string) => encodeURIComponent(value);

/** POST /api/schedule/publish: the week of a board (or all), or the chosen shifts; all or nothing. */
export function publishWeek(body: PublishRequest): Promise<PublishResponse> {
  return api.post<PublishResponse, PublishRequest>("/api/schedule/publish", body);
}

/** POST /api/schedule/copy-week: every shift of the `from` week into the `to` week, as drafts. */
export function copyWeek(body: CopyWeek): Promise<CopyResult> {
  return api.post<CopyResult, CopyWeek>("/api/schedule/copy-week", body);
}

/** POST /api/schedule/clear-drafts → how many never-published shifts went. */
export async function clearDrafts(body: ClearDrafts): Promise<number> {
  return (await api.post<{ count: number }, ClearDrafts>("/api/schedule/clear-drafts", body)).count;
}

/** GET /api/schedule/templates?board_id= */
export async function fetchTemplates(boardId: string): Promise<ScheduleTemplate[]> {
  return (
    await api.get<{ templates: ScheduleTemplate[] }>("/api/schedule/templates", { params: { board_id: boardId } })
  ).templates;
}

/** POST /api/schedule/templates: saves the week (any of its days) under a name. */
export async function createTemplate(body: TemplateCreate): Promise<ScheduleTemplate> {
  return (await api.post<{ template: ScheduleTemplate }, TemplateCreate>("/api/schedule/templates", body)).template;
}

/** POST /api/schedule/templates/:id/apply: the template's shifts into the week of `date`, as drafts. */
export function applyTemplate(templateId: string, date: string): Promise<CopyResult> {
  return api.post<CopyResult>(`/api/schedule/templates/${id(templateId)}/apply`, { date });
}

/** DELETE /api/schedule/templates/:id */
export async function deleteTemplate(templateId: string): Promise<void> {
  await api.delete(`/api/schedule/templates/${id(templateId)}`);
}

/** PATCH /api/schedule/boards/:id/rules → the board's rules. */
export async function updateRules(boardId: string, rules: Partial<ScheduleRules>): Promise<ScheduleRules> {
  return (
    await api.patch<{ rules: ScheduleRules }, Partial<ScheduleRules>>(
      `/api/schedule/boards/${id(boardId)}/rules`,
      rules,
    )
  ).rules;
}

/**
 * GET /api/schedule/boards/:scope/week.csv?date= as a blob. It goes through
 * the api client because the endpoint wants the Bearer header (a plain link
 * would be refused), and so a stale token is refreshed like anywhere else.
 */
export function fetchWeekCsv(scope: string, date: string): Promise<Blob> {
  return api.get<Blob>(`/api/schedule/boards/${id(scope)}/week.csv`, { params: { date }, responseType: "blob" });
}
