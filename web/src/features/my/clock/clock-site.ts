import type { ClockStatus, PunchKind } from "@workshift/contracts";

/** Where a clock-in goes, as the card sends it (use-clock's ClockInTarget). */
interface Target {
  shift_id?: string;
  job_id?: string;
}

/**
 * The site a punch's position would be checked against, or null when the
 * punch needs none: the server checks clock-ins and clock-outs (never
 * breaks) whose job has a site, and only while the organization checks
 * locations. A clock-in's job is the one chosen, else its shift's; a
 * clock-out's is the open entry's. Only then is the person asked, and the
 * consent names the site.
 */
export function siteOfPunch(
  status: Pick<ClockStatus, "location_policy" | "sites" | "shift" | "entry">,
  kind: PunchKind,
  target: Target = {},
): { job_id: string; name: string } | null {
  if (status.location_policy === "off") return null;
  let jobId: string | null | undefined = null;
  if (kind === "clock_in") jobId = target.job_id ?? status.shift?.job_id;
  else if (kind === "clock_out") jobId = status.entry?.job_id;
  if (!jobId) return null;
  return status.sites.find((site) => site.job_id === jobId) ?? null;
}
