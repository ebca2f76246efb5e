import { describe, expect, it } from "vitest";
import { type MessageContext, publishMessage } from "./publish-message.ts";
import type { PersonChange } from "./publish-plan.ts";

const context: MessageContext = {
  organization: "Cedar Café",
  name: "Sami",
  link: "https://shifts.example.com/my",
  zoneOf: () => "Asia/Beirut",
  placeOf: (change) => (change.jobId ? "Kitchen" : null),
};

const change = (
  kind: PersonChange["kind"],
  starts: string,
  ends: string,
  jobId: string | null = "job",
): PersonChange => ({
  kind,
  shiftId: starts,
  boardId: "board",
  jobId,
  startsAt: new Date(starts),
  endsAt: new Date(ends),
});

describe("the message people get when a schedule is published", () => {
  it("says what changed and when, in the board's zone, with the link", () => {
    const message = publishMessage(
      "en",
      [
        change("removed", "2026-06-10T06:00:00Z", "2026-06-10T14:00:00Z"),
        change("added", "2026-06-08T19:00:00Z", "2026-06-09T03:00:00Z", null),
      ],
      context,
    );
    expect(message.sms.body).toBe(
      "Cedar Café: 1 new shift and 1 shift removed. New: Mon, Jun 8 10:00 PM–6:00 AM; " +
        "Removed: Wed, Jun 10 9:00 AM–5:00 PM (Kitchen). Your shifts: https://shifts.example.com/my",
    );
    expect(message.email.subject).toBe("Cedar Café: your schedule changed");
    expect(message.email.body).toContain("Hello Sami,");
    expect(message.email.body).toContain(
      "New: Mon, Jun 8 10:00 PM–6:00 AM\nRemoved: Wed, Jun 10 9:00 AM–5:00 PM (Kitchen)",
    );
  });

  it("keeps the SMS short and counts what it leaves out", () => {
    const days = ["08", "09", "10", "11", "12"];
    const changes = days.map((day) => change("added", `2026-06-${day}T06:00:00Z`, `2026-06-${day}T07:00:00Z`));
    const message = publishMessage("en", changes, context);
    expect(message.sms.body).toContain("5 new shifts. New: Mon, Jun 8 9:00 AM–10:00 AM (Kitchen); New: Tue, Jun 9");
    expect(message.sms.body).toContain("; and 3 more. Your shifts:");
    expect(message.email.body).not.toContain("more");
    expect(message.sms.body).not.toMatch(/[\u202f\u00a0]/);
  });

  it("is written in the person's language, Arabic plurals included", () => {
    const two = [
      change("changed", "2026-06-08T06:00:00Z", "2026-06-08T14:00:00Z"),
      change("changed", "2026-06-09T06:00:00Z", "2026-06-09T14:00:00Z"),
    ];
    expect(publishMessage("ar", two, context).sms.body).toContain("تغيّرت ورديتان");
    expect(publishMessage("fr", two, context).email.subject).toBe("Cedar Café : votre planning a changé");
    expect(publishMessage("fr", two, context).sms.body).toContain(
      "2 créneaux modifiés. Modifié : lun. 8 juin 09:00–17:00",
    );
    expect(publishMessage("es", two.slice(0, 1), context).sms.body).toContain("1 turno modificado");
    expect(publishMessage("de", two.slice(0, 1), context).sms.body).toContain("1 shift changed");
  });
});
