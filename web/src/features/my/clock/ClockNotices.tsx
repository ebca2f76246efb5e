import { Alert, Anchor } from "@mantine/core";
import { IconAlertTriangle, IconMapPinOff } from "@tabler/icons-react";
import type { ClockStatus, PunchWarning } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { timeOf } from "../my-format.ts";
import classes from "./Clock.module.css";
import { durationText, metersText } from "./clock-format.ts";
import type { Clock } from "./use-clock.ts";

/** A remark the server made on a recorded punch, in words. */
function warningText(warning: PunchWarning, t: ReturnType<typeof useTranslation<"my">>["t"], language: string) {
  switch (warning.code) {
    case "early":
      return t("clock.warnings.early", { duration: durationText(warning.minutes ?? 0, language) });
    case "outside_site":
      return t("clock.warnings.outside_site", { distance: metersText(warning.meters ?? 0, language) });
    case "late_sync":
      return t("clock.warnings.late_sync", { duration: durationText(warning.minutes ?? 0, language) });
    default:
      return t(`clock.warnings.${warning.code}`);
  }
}

/** What came of the last punches: refusals, the server's remarks, a missing position. */
export function ClockNotices({ clock, status }: { clock: Clock; status: ClockStatus }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const fieldMessage = useFieldMessage();
  const time = (instant: string) => timeOf(instant, status.time_zone, language);
  // The card already says why a punch went without a position: the server's remark would repeat it.
  const warnings =
    clock.warned?.warnings.filter((warning) => !(clock.locationIssue && warning.code === "no_location")) ?? [];
  return (
    <>
      {clock.saveFailed ? <ErrorAlert>{t("clock.saveFailed")}</ErrorAlert> : null}
      {clock.refusals.length > 0 ? (
        <ErrorAlert
          title={t("clock.refusedTitle")}
          withCloseButton
          closeButtonLabel={t("clock.dismiss")}
          onClose={clock.dismissRefusals}
          data-testid="my-clock-refused"
        >
          <ul className={classes.notices}>
            {clock.refusals.map(({ punch, refusal }) => {
              const key = Object.values(refusal.fields)[0];
              return (
                <li key={punch.id}>
                  {t(`clock.refused.${punch.kind}`, { time: time(punch.at) })}{" "}
                  {key ? fieldMessage(key) : t("clock.refusedGeneric")}
                </li>
              );
            })}
          </ul>
        </ErrorAlert>
      ) : null}
      {clock.warned && warnings.length > 0 ? (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconAlertTriangle size={20} stroke={1.75} aria-hidden="true" />}
          title={t(`clock.recordedWithNote.${clock.warned.punch.kind}`, { time: time(clock.warned.punch.at) })}
          withCloseButton
          closeButtonLabel={t("clock.dismiss")}
          onClose={clock.dismissWarnings}
          data-testid="my-clock-warnings"
        >
          <ul className={classes.notices}>
            {warnings.map((warning) => (
              <li key={warning.code}>{warningText(warning, t, language)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {clock.locationIssue ? (
        <p className={classes.note} data-testid="my-clock-location-issue">
          <IconMapPinOff size={16} stroke={1.75} aria-hidden="true" />
          <span>{clock.locationIssue === "denied" ? t("clock.location.denied") : t("clock.location.unavailable")}</span>
        </p>
      ) : null}
      {status.location_policy !== "off" && clock.locationChoice === "declined" ? (
        <p className={classes.note}>
          <IconMapPinOff size={16} stroke={1.75} aria-hidden="true" />
          <span>
            {t("clock.location.declined")}{" "}
            <Anchor
              component="button"
              type="button"
              inherit
              fw={600}
              onClick={() => clock.changeLocationChoice("granted")}
            >
              {t("clock.location.change")}
            </Anchor>
          </span>
        </p>
      ) : null}
    </>
  );
}
