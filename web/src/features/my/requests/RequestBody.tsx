import { Stack, Text } from "@mantine/core";
import type { Request } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { ChangeSummary } from "../availability/ChangeSummary.tsx";
import { shortDayOf, timeOf } from "../my-format.ts";
import { ShiftSummary } from "../shifts/ShiftSummary.tsx";
import { TimeOffSummary } from "../time-off/TimeOffSummary.tsx";
import classes from "./Requests.module.css";

/**
 * What a request is about, whatever its kind: the shift (and for a swap, the
 * one in exchange), the availability asked for, the time off (its days and
 * hours; for an ask to cancel, the time off it cancels), or the entry as it should be
 * (read in `zone`: a correction carries no zone of its own). `mine`: seen by
 * its author (else by the teammate asked).
 */
export function RequestBody({ request, zone, mine }: { request: Request; zone: string; mine: boolean }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  if (request.kind === "swap" && request.shift && request.other_shift) {
    const give = mine ? request.shift : request.other_shift;
    const get = mine ? request.other_shift : request.shift;
    return (
      <Stack gap={6}>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t("requests.youGive")}
          </Text>
          <ShiftSummary shift={give} gone={give.gone} />
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t("requests.youGet")}
          </Text>
          <ShiftSummary shift={get} gone={get.gone} />
        </div>
      </Stack>
    );
  }
  if (request.time_off) return <TimeOffSummary timeOff={request.time_off} />;
  if (request.shift) return <ShiftSummary shift={request.shift} gone={request.shift.gone} />;
  if (request.availability) return <ChangeSummary change={request.availability} />;
  if (request.correction) {
    const correction = request.correction;
    return (
      <Text component="div" className={classes.correction}>
        <span className={classes.bold}>{shortDayOf(correction.clock_in_at, zone, language)}</span>{" "}
        <bdi className={classes.times}>
          {timeOf(correction.clock_in_at, zone, language)}
          {"\u2009–\u2009"}
          {timeOf(correction.clock_out_at, zone, language)}
        </bdi>
        {correction.breaks.length > 0 ? (
          <span className={classes.dim}> · {t("correction.breaks", { count: correction.breaks.length })}</span>
        ) : null}
      </Text>
    );
  }
  return null;
}
