import { Badge, Group, Text } from "@mantine/core";
import type { Shift, WeekResponse } from "@workshift/contracts";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import classes from "./ScheduleEdit.module.css";
import { zoneOf } from "./shift-form.ts";
import { formatShiftWhen } from "./shift-text.ts";

/** Where an existing shift stands: draft, published, or published with pending changes (and what the person still sees). */
export function ShiftStatusLine({
  week,
  shift,
  nameOf,
}: {
  week: WeekResponse;
  shift: Shift;
  nameOf(userId: string | null | undefined): string;
}) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const color = { draft: "gray", published: "green", changed: "orange", deleted: "red" }[shift.status];
  let detail: ReactNode;
  if (shift.status === "draft") detail = t("status.draftDetail");
  else if (shift.status === "published") detail = t("status.publishedDetail", { name: nameOf(shift.user_id) });
  else if (shift.status === "deleted")
    detail = t("status.deletedDetail", { name: nameOf(shift.published?.user_id ?? shift.user_id) });
  else if (shift.published) {
    const seen = shift.published;
    const when = formatShiftWhen(seen.starts_at, seen.ends_at, zoneOf(week, shift.board_id), i18n.resolvedLanguage);
    detail = (
      <Trans
        t={t}
        i18nKey="status.changedDetail"
        values={{ name: nameOf(seen.user_id), day: when.day, start: when.start, end: when.end }}
        components={{ isolate: <bdi /> }}
      />
    );
  } else detail = t("status.changedPlain");
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.status}>
      <Badge color={color} variant={shift.status === "published" ? "filled" : "light"} className={classes.statusBadge}>
        {t(`status.${shift.status}`)}
      </Badge>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Group>
  );
}
