import { VisuallyHidden } from "@mantine/core";
import type { ClockState } from "@workshift/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLiveLanguage } from "../../../i18n/use-live-language.ts";
import { timeOf } from "../my-format.ts";
import type { ClockView } from "./clock-actions.ts";

/**
 * Tells screen readers when the state changes (in, on a break, out), and
 * only then: the timer itself is never announced.
 */
export function ClockAnnouncer({ view, zone, waiting }: { view: ClockView; zone: string; waiting: boolean }) {
  const { t, i18n } = useTranslation("my");
  const [message, setMessage] = useState("");
  const live = useLiveLanguage(() => setMessage(""));
  const previous = useRef<ClockState | null>(null);
  const { state, since } = view;
  const language = i18n.language;
  const waitingRef = useRef(waiting);
  waitingRef.current = waiting;
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (before === null || before === state) return;
    const time = since ? timeOf(since, zone, language) : "";
    let text: string;
    if (state === "out") text = t("clock.announce.out");
    else if (state === "break") text = t("clock.announce.break", { time });
    else if (before === "break") text = t("clock.announce.resumed");
    else text = t("clock.announce.in", { time });
    setMessage(waitingRef.current ? `${text} ${t("clock.announce.saved")}` : text);
  }, [state, since, zone, language, t]);
  return (
    <VisuallyHidden component="div" aria-live="polite" aria-atomic="true" data-testid="my-clock-announcer" {...live}>
      {message}
    </VisuallyHidden>
  );
}
