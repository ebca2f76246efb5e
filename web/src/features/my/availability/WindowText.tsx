import type { AvailabilityKind } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { wallTime } from "../my-format.ts";

/** "Unavailable, all day" / "Prefer 09:00–13:00": one window, its times isolated (they keep their order in Arabic). */
export function WindowText({ kind, start, end }: { kind: AvailabilityKind; start: string | null; end: string | null }) {
  const { t, i18n } = useTranslation("my");
  const what = t(`availability.kinds.${kind}`);
  if (start === null || end === null) return <>{t("availability.allDay", { what })}</>;
  return (
    <>
      {what}{" "}
      <bdi>
        {wallTime(start, i18n.language)}
        {"\u2009–\u2009"}
        {wallTime(end, i18n.language)}
      </bdi>
    </>
  );
}
