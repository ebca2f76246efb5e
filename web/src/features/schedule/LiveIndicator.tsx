import { useTranslation } from "react-i18next";
import { LiveIndicator as SharedLiveIndicator } from "../../components/LiveIndicator/LiveIndicator.tsx";
import type { LiveStatus } from "./schedule-events.ts";

/** A quiet dot saying whether other managers' changes arrive by themselves. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation("schedule");
  return (
    <SharedLiveIndicator
      status={status}
      text={(shown) => ({ label: t(`live.${shown}`), hint: t(`live.${shown}Hint`) })}
    />
  );
}
