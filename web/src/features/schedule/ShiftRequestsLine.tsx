import { Anchor, Group, Text } from "@mantine/core";
import { canOpenPage, type Shift, type WeekResponse } from "@workshift/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "../../lib/auth-context.ts";
import classes from "./ScheduleEdit.module.css";
import { MarkIcon } from "./ShiftCard.tsx";
import { inboxPath, indexMarks, type MarkPart, markParts } from "./shift-marks.ts";

/**
 * What waits on the shift being edited (claims, a cover, a swap), each said in
 * a sentence, with a link to the requests inbox showing that kind for whoever
 * may open it. Changing the shift may close what waits; the inbox decides it.
 */
export function ShiftRequestsLine({ week, shift }: { week: WeekResponse; shift: Shift }) {
  const { t } = useTranslation("scheduleEdit");
  const { user } = useAuth();
  const parts = useMemo(
    () => markParts(indexMarks(week.requests?.filter((request) => request.shift_id === shift.id)).get(shift.id)),
    [week.requests, shift.id],
  );
  if (parts.length === 0) return null;
  const inbox = canOpenPage(user ?? { role: null }, "request");

  const sentence = (part: MarkPart) => {
    if (part.kind === "claim") return t("requests.claims", { count: part.count });
    if (part.kind === "cover")
      return part.status === "pending" ? t("requests.coverPending") : t("requests.coverOffered");
    return part.status === "pending" ? t("requests.swapPending") : t("requests.swapOffered");
  };
  const link = { claim: t("requests.openClaim"), cover: t("requests.openCover"), swap: t("requests.openSwap") };

  return (
    <section className={classes.requests} aria-label={t("requests.title")} data-testid="shift-editor-requests">
      <Text size="sm" fw={700}>
        {t("requests.title")}
      </Text>
      <ul className={classes.requestList}>
        {parts.map((part) => (
          <li key={part.kind} data-kind={part.kind}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <span className={classes.requestIcon}>
                <MarkIcon part={part} size={16} />
              </span>
              <Text size="sm">
                {sentence(part)}{" "}
                {inbox ? (
                  <Anchor component={Link} to={inboxPath(part.kind)} size="sm" fw={600}>
                    {link[part.kind]}
                  </Anchor>
                ) : null}
              </Text>
            </Group>
          </li>
        ))}
      </ul>
    </section>
  );
}
