import type { RequestTimeOff } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { request, uuid } from "../requests/request-fixtures.test-support.ts";
import { timeOffItems } from "./time-off-list.ts";

const TODAY = "2026-06-15";

const leave = (from: string, to: string, values: Partial<RequestTimeOff> = {}): RequestTimeOff => ({
  leave_type: { id: uuid(), name: "Vacation", color: "#2f9e44", paid: true, archived: false },
  from,
  to,
  part: null,
  minutes: 480,
  days: [],
  time_zone: "Europe/Paris",
  cancels_request_id: null,
  shifts_action: null,
  ...values,
});

describe("my time off, coming up and past", () => {
  it("lists only time off and asks to cancel it", () => {
    const { upcoming, past } = timeOffItems(
      [
        request({ kind: "cover", status: "pending" }),
        request({ kind: "time_off", status: "pending", time_off: leave("2026-06-20", "2026-06-21") }),
      ],
      TODAY,
    );
    expect(upcoming).toHaveLength(1);
    expect(past).toHaveLength(0);
  });

  it("puts what waits or is approved and not over in what comes up, soonest first", () => {
    const later = request({ kind: "time_off", status: "approved", time_off: leave("2026-07-01", "2026-07-02") });
    const sooner = request({ kind: "time_off", status: "pending", time_off: leave("2026-06-20", "2026-06-20") });
    const today = request({ kind: "time_off", status: "approved", time_off: leave("2026-06-14", "2026-06-15") });
    const { upcoming } = timeOffItems([later, sooner, today], TODAY);
    expect(upcoming.map((item) => item.request.id)).toEqual([today.id, sooner.id, later.id]);
  });

  it("puts what is over, declined or cancelled in the past, latest first", () => {
    const over = request({ kind: "time_off", status: "approved", time_off: leave("2026-06-01", "2026-06-02") });
    const declined = request({ kind: "time_off", status: "declined", time_off: leave("2026-07-01", "2026-07-01") });
    const cancelled = request({ kind: "time_off", status: "cancelled", time_off: leave("2026-06-20", "2026-06-20") });
    const { upcoming, past } = timeOffItems([over, declined, cancelled], TODAY);
    expect(upcoming).toEqual([]);
    expect(past.map((item) => item.request.id)).toEqual([declined.id, cancelled.id, over.id]);
  });

  it("lets me withdraw what waits, and ask to cancel approved time off not over", () => {
    const waiting = request({ kind: "time_off", status: "pending", time_off: leave("2026-06-20", "2026-06-20") });
    const approved = request({ kind: "time_off", status: "approved", time_off: leave("2026-06-22", "2026-06-23") });
    const over = request({ kind: "time_off", status: "approved", time_off: leave("2026-06-01", "2026-06-01") });
    const { upcoming, past } = timeOffItems([waiting, approved, over], TODAY);
    expect(upcoming.map((item) => item.action)).toEqual(["cancel", "askCancel"]);
    expect(past[0]?.action).toBeNull();
  });

  it("does not offer to ask again while an ask to cancel waits, and lets that ask be withdrawn", () => {
    const approved = request({ kind: "time_off", status: "approved", time_off: leave("2026-06-22", "2026-06-23") });
    const ask = request({
      kind: "time_off_cancel",
      status: "pending",
      time_off: leave("2026-06-22", "2026-06-23", { cancels_request_id: approved.id }),
    });
    const { upcoming } = timeOffItems([approved, ask], TODAY);
    const original = upcoming.find((item) => item.request.id === approved.id);
    const asking = upcoming.find((item) => item.request.id === ask.id);
    expect(original).toMatchObject({ action: null, cancelAsked: true });
    expect(asking?.action).toBe("cancel");
  });
});
