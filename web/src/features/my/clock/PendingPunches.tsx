import { Button, Text } from "@mantine/core";
import { IconCloudUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { QueuedPunch } from "../../../lib/queued-punch.ts";
import { timeOf } from "../my-format.ts";
import classes from "./Clock.module.css";
import { type Clock, useOnline } from "./use-clock.ts";

/** The punches saved here and not yet sent, with why and a way to send now. */
export function PendingPunches({ clock, zone }: { clock: Clock; zone: string }) {
  const { t, i18n } = useTranslation("my");
  const online = useOnline();
  const { pending, phase } = clock.sync;
  if (pending.length === 0) return null;
  let why: string;
  if (!online) why = t("clock.pending.offline");
  else if (phase === "signedOut") why = t("clock.pending.signedOut");
  else if (phase === "sending") why = t("clock.pending.sending");
  else if (pending[0]?.locating) why = t("clock.pending.locating");
  else why = t("clock.pending.waiting");
  return (
    <div className={classes.pending} data-testid="my-clock-pending">
      <span className={classes.pendingHead}>
        <IconCloudUpload size={20} stroke={1.75} aria-hidden="true" />
        {t("clock.pending.title")}
      </span>
      <ul className={classes.pendingList}>
        {pending.map((punch: QueuedPunch) => (
          <li key={punch.id} data-testid="my-clock-pending-punch" data-kind={punch.kind}>
            <span>{t(`clock.kinds.${punch.kind}`)}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={punch.at} className={classes.pendingTime}>
              {timeOf(punch.at, zone, i18n.language)}
            </time>
          </li>
        ))}
      </ul>
      <Text size="sm">{why}</Text>
      {online && phase !== "sending" && phase !== "signedOut" && !pending[0]?.locating ? (
        <Button variant="light" color="yellow.9" size="compact-md" onClick={clock.sendNow}>
          {t("clock.pending.sendNow")}
        </Button>
      ) : null}
    </div>
  );
}
