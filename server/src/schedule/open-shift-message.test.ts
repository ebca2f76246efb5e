import { describe, expect, it } from "vitest";
import { openShiftsMessage } from "./open-shift-message.ts";
import { type MessageContext, publishMessage, type ShiftMention } from "./publish-message.ts";
import type { PersonChange } from "./publish-plan.ts";

const context: MessageContext = {
  organization: "Cedar Café",
  name: "Sami",
  link: "https://shifts.example.com/my/shifts",
  zoneOf: () => "Asia/Beirut",
  placeOf: (shift) => (shift.jobId ? "Bar" : "Downtown"),
};

const open = (starts: string, ends: string, jobId: string | null = "bar"): ShiftMention => ({
  boardId: "board",
  jobId,
  startsAt: new Date(starts),
  endsAt: new Date(ends),
});

describe("the message telling someone of open shifts they may claim", () => {
  it("says how many, lists the first by day and time in the board's zone, and links to claim them", () => {
    const message = openShiftsMessage(
      "en",
      [
        open("2026-06-10T06:00:00Z", "2026-06-10T14:00:00Z"),
        open("2026-06-08T19:00:00Z", "2026-06-09T03:00:00Z", null),
      ],
      context,
    );
    expect(message.sms.body).toBe(
      "Cedar Café: 2 open shifts you can claim. Open: Mon, Jun 8 10:00 PM–6:00 AM (Downtown); " +
        "Open: Wed, Jun 10 9:00 AM–5:00 PM (Bar). Claim one: https://shifts.example.com/my/shifts",
    );
    expect(message.email.subject).toBe("Cedar Café: open shifts you can claim");
    expect(message.email.body).toContain("Hello Sami,\n\nCedar Café has 2 open shifts you can claim.");
    expect(message.email.body).toContain("See them and claim one: https://shifts.example.com/my/shifts");
  });

  it("keeps the SMS short, and is written in the person's language, Arabic plurals included", () => {
    const days = ["08", "09", "10", "11"].map((day) => open(`2026-06-${day}T06:00:00Z`, `2026-06-${day}T07:00:00Z`));
    expect(openShiftsMessage("en", days, context).sms.body).toContain("; and 2 more. Claim one:");
    expect(openShiftsMessage("ar", days.slice(0, 2), context).sms.body).toContain("ورديتان مفتوحتان يمكنك طلبهما");
    expect(openShiftsMessage("ar", days.slice(0, 1), context).email.subject).toBe(
      "Cedar Café: ورديات مفتوحة يمكنك طلبها",
    );
    expect(openShiftsMessage("fr", days.slice(0, 1), context).sms.body).toContain(
      "1 créneau libre que vous pouvez prendre. Libre : lun. 8 juin 09:00–10:00 (Bar)",
    );
    expect(openShiftsMessage("es", days, context).sms.body).toContain("4 turnos libres que puedes pedir");
  });

  it("is one more line of the message of someone whose own shifts changed in the same publish", () => {
    const added: PersonChange = {
      kind: "added",
      shiftId: "s",
      boardId: "board",
      jobId: "bar",
      startsAt: new Date("2026-06-08T06:00:00Z"),
      endsAt: new Date("2026-06-08T14:00:00Z"),
    };
    const merged = publishMessage(
      "en",
      [added],
      { ...context, link: "https://shifts.example.com/my" },
      {
        count: 3,
        link: "https://shifts.example.com/my/shifts",
      },
    );
    expect(merged.sms.body).toBe(
      "Cedar Café: 1 new shift. New: Mon, Jun 8 9:00 AM–5:00 PM (Bar); " +
        "Also 3 open shifts you can claim: https://shifts.example.com/my/shifts. Your shifts: https://shifts.example.com/my",
    );
    expect(merged.email.body).toContain(
      "New: Mon, Jun 8 9:00 AM–5:00 PM (Bar)\nAlso 3 open shifts you can claim: https://shifts.example.com/my/shifts",
    );
    const alone = publishMessage("en", [added], context, { count: 0, link: "x" });
    expect(alone.sms.body).not.toContain("open shift");
  });
});
