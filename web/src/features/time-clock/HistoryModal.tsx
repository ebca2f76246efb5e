import { Anchor, Badge, Modal, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowNarrowRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { EntryAudit, Punch, TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { formatInstant } from "./clock-format.ts";
import { type AuditValueWords, auditChanges, auditValueText, newestFirst, punchDelayMinutes } from "./entry-history.ts";
import { entryZone } from "./entry-target.ts";
import { isolate, personName } from "./live-status.ts";
import classes from "./TimeClock.module.css";
import { clockKeys, fetchEntryHistory } from "./time-clock-api.ts";
import { formatDistance, warningText } from "./warning-text.ts";

/**
 * An entry's story: every change (who, when, why, what it was and what it
 * became), newest first, and the punches it came from exactly as they
 * arrived (the device's time, the server's, and their remarks).
 */
export function HistoryModal({
  target,
  sheet,
  onClose,
}: {
  target: { entry: TimeEntry; person: TimesheetPerson } | null;
  sheet: TimesheetResponse;
  onClose(): void;
}) {
  const { t } = useTranslation("timeClock");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const name = target ? isolate(personName(target.person) || t("unnamed")) : "";
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t("history.title", { name })}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("editor.close") }}
    >
      {target ? <HistoryBody entry={target.entry} sheet={sheet} /> : null}
    </Modal>
  );
}

function HistoryBody({ entry, sheet }: { entry: TimeEntry; sheet: TimesheetResponse }) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const query = useQuery({
    queryKey: clockKeys.history(entry.id),
    queryFn: ({ signal }) => fetchEntryHistory(entry.id, signal),
    staleTime: 10_000,
  });
  const jobsById = new Map(sheet.jobs.map((job) => [job.id, job]));
  const zone = entryZone(sheet, entry);
  const time = (instant: string, seconds = false) => formatInstant(instant, zone, language, seconds);

  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label={t("history.loading")}>
        <Skeleton height={20} width="40%" />
        <Skeleton height={64} />
        <Skeleton height={64} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorAlert title={t("history.loadFailed")}>
        {t("errors.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void query.refetch()}>
          {t("errors.retry")}
        </Anchor>
      </ErrorAlert>
    );
  }

  const history = query.data;
  const words: AuditValueWords = {
    time: (instant) => time(instant),
    job: (id) => jobsById.get(id)?.name ?? t("history.unknownJob"),
    ongoing: t("entries.ongoing"),
    none: t("history.none"),
    yes: t("history.yes"),
    no: t("history.no"),
    span: (from, to) => t("entries.span", { from, to }),
  };
  const records = newestFirst(history.audit);

  return (
    <Stack gap="lg" data-testid="entry-history">
      {history.deleted ? <Badge color="red">{t("history.deleted")}</Badge> : null}
      <section aria-labelledby="history-changes">
        <Title order={3} id="history-changes" className={classes.subTitle}>
          {t("history.changes")}
        </Title>
        {records.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("history.noChanges")}
          </Text>
        ) : (
          <ol className={classes.audit}>
            {records.map((record) => (
              <AuditRecord key={record.id} record={record} words={words} time={time} />
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="history-punches">
        <Title order={3} id="history-punches" className={classes.subTitle}>
          {t("history.punches")}
        </Title>
        {history.punches.length === 0 ? (
          <Text size="sm" c="dimmed">
            {entry.source === "manager" ? t("history.noPunchesManager") : t("history.noPunches")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-labelledby="history-punches">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("history.kind")}</Table.Th>
                  <Table.Th>{t("history.madeAt")}</Table.Th>
                  <Table.Th>{t("history.receivedAt")}</Table.Th>
                  <Table.Th>{t("history.remarks")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.punches.map((punch) => (
                  <PunchRow key={punch.id} punch={punch} time={time} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </Stack>
  );
}

function AuditRecord({
  record,
  words,
  time,
}: {
  record: EntryAudit;
  words: AuditValueWords;
  time(instant: string, seconds?: boolean): string;
}) {
  const { t } = useTranslation("timeClock");
  const changes = auditChanges(record);
  const who = record.actor ? personName(record.actor) || t("unnamed") : t("history.system");
  return (
    <li className={classes.auditRecord} data-action={record.action}>
      <div className={classes.auditHead}>
        <Badge
          variant="light"
          color={record.action === "deleted" ? "red" : record.action === "created" ? "green" : "blue"}
          className={classes.badge}
        >
          {t(`history.action.${record.action}`)}
        </Badge>
        <Text size="sm" fw={600}>
          {who}
        </Text>
        <Text size="sm" c="dimmed">
          {time(record.at)}
        </Text>
      </div>
      {record.reason ? (
        <Text size="sm" className={classes.auditReason}>
          {t("history.reason", { reason: record.reason })}
        </Text>
      ) : null}
      {changes.length > 0 ? (
        <dl className={classes.auditChanges}>
          {changes.map((change) => (
            <div key={change.field} className={classes.auditChange}>
              <dt>{t(`history.field.${change.field}`)}</dt>
              <dd>
                {change.before !== undefined ? (
                  <>
                    <span className={classes.before}>{auditValueText(change.field, change.before, words)}</span>
                    {change.after !== undefined ? (
                      <IconArrowNarrowRight
                        size={16}
                        stroke={1.75}
                        className={classes.flip}
                        aria-label={t("history.becomes")}
                      />
                    ) : null}
                  </>
                ) : null}
                {change.after !== undefined ? (
                  <span className={classes.after}>{auditValueText(change.field, change.after, words)}</span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : record.action === "updated" ? (
        <Text size="sm" c="dimmed">
          {t("history.checkedOnly")}
        </Text>
      ) : null}
    </li>
  );
}

function PunchRow({ punch, time }: { punch: Punch; time(instant: string, seconds?: boolean): string }) {
  const { t, i18n } = useTranslation("timeClock");
  const delay = punchDelayMinutes(punch);
  return (
    <Table.Tr>
      <Table.Td>{t(`history.punchKind.${punch.kind}`)}</Table.Td>
      <Table.Td className={classes.nowrap}>{time(punch.at, true)}</Table.Td>
      <Table.Td className={classes.nowrap}>
        {time(punch.received_at, true)}
        {delay > 0 ? <span className={classes.punched}>{t("history.delay", { count: delay })}</span> : null}
      </Table.Td>
      <Table.Td>
        <span className={classes.details}>
          {punch.warnings.length === 0 ? (
            <Text span size="sm" c="dimmed">
              {t("history.none")}
            </Text>
          ) : (
            punch.warnings.map((warning) => (
              <Badge key={warning.code} color="orange" variant="outline" className={classes.badge}>
                {warningText(warning, t, i18n.resolvedLanguage)}
              </Badge>
            ))
          )}
          {punch.location ? (
            <span className={classes.punched} dir="ltr">
              {`${punch.location.latitude.toFixed(5)}, ${punch.location.longitude.toFixed(5)}`}
              {punch.location.accuracy !== null
                ? ` ±${formatDistance(punch.location.accuracy, i18n.resolvedLanguage)}`
                : ""}
            </span>
          ) : null}
        </span>
      </Table.Td>
    </Table.Tr>
  );
}
