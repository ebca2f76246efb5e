import { Alert, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { TimeEntry } from "@workshift/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import classes from "./TimeClock.module.css";

/** What a failed save says: someone changed the entry meanwhile (and what it is now), or why it failed. */
export function EntryNotices({
  changedMeanwhile,
  failure,
  time,
}: {
  changedMeanwhile: TimeEntry | null;
  failure: string | null;
  time(instant: string): string;
}) {
  const { t } = useTranslation("timeClock");
  const noticeRef = useRef<HTMLDivElement>(null);
  // What a failed save says is shown where the manager reads first, not left above the fold of a long form.
  useEffect(() => {
    if (changedMeanwhile || failure) noticeRef.current?.scrollIntoView({ block: "nearest" });
  }, [changedMeanwhile, failure]);

  return (
    <div ref={noticeRef} className={classes.notice}>
      {changedMeanwhile ? (
        <Alert
          variant="light"
          color="blue"
          role="status"
          title={t("editor.changedTitle")}
          icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}
          data-testid="entry-changed-meanwhile"
        >
          <Text size="sm">{t("editor.changedMessage")}</Text>
          <Text size="sm" mt={4}>
            {t("editor.currentVersion", {
              in: time(changedMeanwhile.clock_in_at),
              out: changedMeanwhile.clock_out_at ? time(changedMeanwhile.clock_out_at) : t("entries.ongoing"),
            })}
          </Text>
        </Alert>
      ) : null}
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
    </div>
  );
}
