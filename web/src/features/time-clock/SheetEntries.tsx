import { Button, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { SheetByJob } from "./SheetByJob.tsx";
import { SheetEntryRow } from "./SheetEntryRow.tsx";
import classes from "./TimeClock.module.css";
import { defaultEntryDate, defaultEntryJob } from "./timesheet-rules.ts";

/** A person's entries, opened: a row each (Edit, Delete, History), pay by job, and Add entry. */
export function SheetEntries({
  person,
  sheet,
  entriesById,
  name,
  manage,
  onEdit,
  onAdd,
  onDelete,
  onHistory,
}: {
  person: TimesheetPerson;
  sheet: TimesheetResponse;
  entriesById: ReadonlyMap<string, TimeEntry>;
  name: string;
  /** The viewer may change this person's entries (canManagePerson). */
  manage: boolean;
  onEdit(entry: TimeEntry): void;
  onAdd(date: string, jobId: string | null): void;
  onDelete(entry: TimeEntry): void;
  onHistory(entry: TimeEntry): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const language = i18n.resolvedLanguage;
  const jobsById = new Map(sheet.jobs.map((job) => [job.id, job]));
  const locked = person.approval !== null;
  const rows = person.sheet.entries;

  const addButton =
    manage && !locked ? (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} stroke={2} aria-hidden="true" />}
        onClick={() => onAdd(defaultEntryDate(sheet.period, sheet.today), defaultEntryJob(person, entriesById))}
        aria-label={t("entries.addNamed", { name })}
      >
        {t("entries.add")}
      </Button>
    ) : null;

  return (
    <div className={classes.entriesInner}>
      {locked && manage ? (
        <Text size="sm" c="dimmed">
          {t("entries.locked")}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("entries.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="xs" className={classes.entriesTable} aria-label={t("entries.label", { name })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("entries.day")}</Table.Th>
                <Table.Th>{t("entries.in")}</Table.Th>
                <Table.Th>{t("entries.out")}</Table.Th>
                <Table.Th>{t("entries.breaks")}</Table.Th>
                <Table.Th className={classes.numericHead}>{t("columns.worked")}</Table.Th>
                <Table.Th>{t("entries.job")}</Table.Th>
                <Table.Th>{t("entries.details")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden component="span">{t("entries.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <SheetEntryRow
                  key={row.id}
                  row={row}
                  entry={entriesById.get(row.id)}
                  zone={row.time_zone}
                  jobName={(id) => jobsById.get(id)?.name}
                  jobColor={(id) => jobsById.get(id)?.color}
                  canChange={manage && !locked}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onHistory={onHistory}
                  language={language}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {person.sheet.by_job.length > 1 ? <SheetByJob person={person} sheet={sheet} /> : null}
      {addButton ? <div className={classes.entriesFooter}>{addButton}</div> : null}
    </div>
  );
}
