import ical from "ical-generator";

export interface FeedShift {
  id: string;
  startsAt: Date;
  endsAt: Date;
  publishedAt: Date;
  /** The job's name, or the board's for a shift without a job. */
  title: string;
  /** The job, the board, the address and the note, a line each. */
  description: string;
  /** The job's address, else the company's. */
  location: string | null;
}

/**
 * An iCalendar document of shifts. Times are written as UTC instants
 * (DTSTART:20260329T060000Z): every calendar app shows them in its own zone
 * at the right moment, DST weeks included, with no VTIMEZONE blocks to get
 * wrong (a TZID without one is not valid iCalendar, and ical-generator only
 * writes them with an extra zone-data package).
 */
export function feedCalendar(organization: string, shifts: readonly FeedShift[]): string {
  const calendar = ical({
    name: `${organization} · Workshift`,
    prodId: { company: "Workshift", product: "Shifts", language: "EN" },
    // Calendar apps that honour it look again every hour.
    ttl: 60 * 60,
  });
  for (const shift of shifts) {
    calendar.createEvent({
      id: shift.id,
      start: shift.startsAt,
      end: shift.endsAt,
      stamp: shift.publishedAt,
      lastModified: shift.publishedAt,
      summary: shift.title,
      description: shift.description,
      location: shift.location,
    });
  }
  return calendar.toString();
}
