import type { InboxItem, InboxResponse } from "@workshift/contracts";
import { personName } from "./request-format.ts";

/**
 * The loaded pages as one list, newest first as the server sent them. A
 * request can come twice when the list changed between two page loads (a new
 * request pushes the others down): it is kept once, where it came first.
 */
export function flattenInbox(pages: readonly Pick<InboxResponse, "requests">[] | undefined): InboxItem[] {
  const seen = new Set<string>();
  const items: InboxItem[] = [];
  for (const page of pages ?? []) {
    for (const item of page.requests) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The authors of the listed requests by id, sorted by name: the person filter's choices for who may not search the team. */
export function listedAuthors(items: readonly InboxItem[], language?: string): Map<string, string> {
  const byId = new Map<string, string>();
  for (const item of items) byId.set(item.author.user_id, personName(item.author));
  return new Map([...byId].sort((a, b) => a[1].localeCompare(b[1], language)));
}

/** Whether any listed correction lacks its own zone (then the organization's is read). */
export const needsOrganizationZone = (items: readonly InboxItem[]): boolean =>
  items.some((item) => item.correction !== null && !item.correction.time_zone);

/** Whether any listed correction names a job, or time off counts others off per job (the jobs are read for their names). */
export const needsJobs = (items: readonly InboxItem[]): boolean =>
  items.some(
    (item) =>
      item.correction?.job_id != null || (item.impact?.time_off?.others_off.some((entry) => entry.job_id) ?? false),
  );
