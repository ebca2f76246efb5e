import { adminPaths, type OverviewResponse, type SetupStep } from "@workshift/contracts";
import { boardWeekPath } from "./overview-links.ts";

/** One step of the setup checklist as the overview shows it. */
export interface SetupItem {
  step: SetupStep;
  done: boolean;
  /** Where it is done: a page, or "company" for the settings sheet's Company tab (it opens over any page). */
  to: string | { settings: "company" };
}

/**
 * The setup checklist of the overview: the steps the server says this
 * person may do, each with where it is done; null once every one is done
 * (or there is none for them), so the checklist disappears by itself.
 * The first week is built and published on a board: the first one the
 * overview lists, else the page that creates boards.
 */
export function setupChecklist(overview: Pick<OverviewResponse, "setup" | "boards">): SetupItem[] | null {
  if (overview.setup.every((step) => step.done)) return null;
  const firstBoard = overview.boards[0];
  const where: Record<SetupStep, SetupItem["to"]> = {
    company: { settings: "company" },
    job: adminPaths.jobs,
    board: adminPaths.jobsScheduling,
    people: adminPaths.users,
    publish: firstBoard ? boardWeekPath(firstBoard.id, null) : adminPaths.jobsScheduling,
  };
  return overview.setup.map(({ step, done }) => ({ step, done, to: where[step] }));
}
