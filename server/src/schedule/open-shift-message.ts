import { fallbackLanguage, isLanguage } from "@workshift/contracts";
import { messagePiece, type RenderedMessage, renderMessage } from "../delivery/render.ts";
import { EMAIL_LINES, type MessageContext, type ShiftMention, SMS_LINES, when } from "./publish-message.ts";

/**
 * The message telling a person of open shifts a publish made visible that
 * they may claim, in their language: how many, the first few by day and time
 * in their board's zone, and the link to claim them (`context.link`: /my/shifts).
 */
export function openShiftsMessage(
  language: string,
  shifts: readonly ShiftMention[],
  context: MessageContext,
): RenderedMessage {
  const lng = isLanguage(language) ? language : fallbackLanguage;
  const ordered = [...shifts].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const lines = (max: number) => {
    const shown = ordered
      .slice(0, max)
      .map((shift) => messagePiece(lng, "openShifts.line", { when: when(shift, lng, context) }));
    if (ordered.length > max) shown.push(messagePiece(lng, "scheduleChange.more", {}, ordered.length - max));
    return shown;
  };
  const params = {
    organization: context.organization,
    name: context.name,
    summary: messagePiece(lng, "openShifts.count", {}, ordered.length),
    link: context.link,
  };
  const sms = renderMessage("openShifts", lng, { ...params, shifts: lines(SMS_LINES).join("; ") });
  const email = renderMessage("openShifts", lng, { ...params, shifts: lines(EMAIL_LINES).join("\n") });
  return { sms: sms.sms, email: email.email };
}
