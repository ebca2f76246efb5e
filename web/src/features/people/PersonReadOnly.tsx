import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { type Person, roleTakesPermissions } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { JobDots } from "./PersonBadges.tsx";
import classes from "./PersonEditPage.module.css";
import { ContactList, Field, Section } from "./PersonSection.tsx";
import { useBoards, useJobs } from "./use-people-data.ts";

/** For those who cannot manage this person: the same facts, no controls. */
export function PersonReadOnly({ person, contact }: { person: Person; contact: string[] }) {
  const { t } = useTranslation("people");
  const jobs = useJobs();
  const boards = useBoards();
  const boardNames = (boards.data ?? []).filter((b) => person.board_ids.includes(b.id)).map((b) => b.name);
  return (
    <>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}>
        {t("edit.readOnly")}
      </Alert>
      <Section title={t("edit.profile")}>
        <ContactList contact={contact} />
      </Section>
      <Section title={t("edit.roleSection")}>
        <dl className={classes.fields}>
          <Field label={t("fields.role")}>{t(`roles.${person.role}`)}</Field>
          {roleTakesPermissions(person.role) ? (
            <Field label={t("fields.permissions")}>
              {person.permissions.length > 0
                ? person.permissions.map((p) => t(`permissions.${p}.label`)).join(", ")
                : t("edit.noPermissions")}
            </Field>
          ) : null}
        </dl>
      </Section>
      <Section title={t("edit.workSection")}>
        <dl className={classes.fields}>
          <Field label={t("fields.jobs")}>
            <JobDots jobIds={person.job_ids} jobs={jobs.data} />{" "}
            {(jobs.data ?? [])
              .filter((job) => person.job_ids.includes(job.id))
              .map((job) => job.name)
              .join(", ")}
          </Field>
          <Field label={t("fields.schedules")}>{boardNames.length > 0 ? boardNames.join(", ") : "—"}</Field>
          <Field label={t("fields.hourlyRate")}>
            {person.hourly_rate === null ? "—" : <bdi>{person.hourly_rate}</bdi>}
          </Field>
          <Field label={t("fields.employeeId")}>
            {person.employee_id === null ? "—" : <bdi>{person.employee_id}</bdi>}
          </Field>
        </dl>
      </Section>
    </>
  );
}
