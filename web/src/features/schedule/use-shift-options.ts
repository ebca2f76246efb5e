import type { Shift, WeekResponse } from "@workshift/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { OPEN_SHIFT, personName } from "./shift-form.ts";

/**
 * The shift editor's choices: the week's boards, people and jobs that are
 * not archived (the shift's own person and job stay listed, marked, if they
 * are), and a person's name as the editor says it.
 */
export function useShiftOptions(week: WeekResponse, base: Shift | null) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const language = i18n.resolvedLanguage;

  const boardOptions = useMemo(() => week.boards.map((b) => ({ value: b.id, label: b.name })), [week.boards]);
  const peopleById = useMemo(() => new Map(week.people.map((p) => [p.user_id, p])), [week.people]);
  const nameOf = (userId: string | null | undefined) => {
    if (!userId) return t("editor.openShift");
    const person = peopleById.get(userId);
    return (person && personName(person)) || t("editor.unnamed");
  };

  const personOptions = useMemo(() => {
    const current = base?.user_id ?? null;
    const people = week.people
      .filter((p) => p.status !== "archived" || p.user_id === current)
      .map((p) => ({
        value: p.user_id,
        label:
          p.status === "archived"
            ? t("editor.archivedName", { name: personName(p) || t("editor.unnamed") })
            : personName(p) || t("editor.unnamed"),
        disabled: p.status === "archived",
      }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    return [{ value: OPEN_SHIFT, label: t("editor.openShift") }, ...people];
  }, [week.people, base, t, language]);
  const jobsById = useMemo(() => new Map(week.jobs.map((job) => [job.id, job])), [week.jobs]);
  const jobOptions = useMemo(
    () =>
      week.jobs
        .filter((job) => !job.is_archived || job.id === base?.job_id)
        .map((job) => ({
          value: job.id,
          label: job.is_archived ? t("editor.archivedName", { name: job.name }) : job.name,
          disabled: job.is_archived,
        })),
    [week.jobs, base, t],
  );

  return { boardOptions, personOptions, jobOptions, jobsById, nameOf };
}
