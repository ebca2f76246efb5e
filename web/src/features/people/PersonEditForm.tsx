import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { type Person, roleTakesPermissions } from "@workshift/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { PermissionsField, RoleField } from "./InviteModal.tsx";
import classes from "./PersonEditPage.module.css";
import { ContactList, Field, Section } from "./PersonSection.tsx";
import { ProblemAlert } from "./ProblemAlert.tsx";
import { assignableRoles, grantablePermissions } from "./people-rules.ts";
import { changedPersonFields, type PersonValues, personFormSchema, personValuesFrom } from "./person-form.ts";
import { useBoards, useJobs, usePermissionTable } from "./use-people-data.ts";
import { usePersonSave } from "./use-person-save.ts";
import { WorkFields } from "./WorkFields.tsx";

interface EditFormProps {
  person: Person;
  contact: string[];
  /** The form was just saved (it is fresh from the saved person). */
  saved: boolean;
  onSaved(): void;
}

/** The person's profile, role and work, edited in place; leaving with unsaved changes asks first. */
export function PersonEditForm({ person, contact, saved, onSaved }: EditFormProps) {
  const { t } = useTranslation(["people", "validation"]);
  const fieldMessage = useFieldMessage();
  const { user, fetchUserRole } = useAuth();
  const table = usePermissionTable(true);
  const jobs = useJobs();
  const boards = useBoards();
  const formRef = useRef<HTMLFormElement>(null);
  const [loaded] = useState<PersonValues>(() => personValuesFrom(person));
  const namesEditable = person.status === "invited";

  const form = useForm<PersonValues>({
    mode: "controlled",
    initialValues: loaded,
    validate: schemaResolver(personFormSchema, { sync: true }),
    validateInputOnBlur: ["first_name", "last_name", "hourly_rate", "employee_id"],
  });

  const changed = changedPersonFields(loaded, form.values).filter(
    (field) => namesEditable || (field !== "first_name" && field !== "last_name"),
  );
  const dirty = changed.length > 0;

  const { save, submit, problem, otherErrors } = usePersonSave({
    person,
    form,
    loaded,
    dirty,
    namesEditable,
    me: user?.person_id ?? undefined,
    refreshOwnRole: fetchUserRole,
    formRef,
    onSaved,
  });

  // Leaving with unsaved changes asks first (a link, Back, the sidebar).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // The role list: what the actor may give, plus the person's own role so it still shows.
  const offered = assignableRoles(user, table.data);
  const roles = offered.includes(person.role) ? offered : [person.role, ...offered];
  const grantable = grantablePermissions(user, table.data);
  const permissions = [...new Set([...grantable, ...person.permissions])];
  const activeJobs = (jobs.data ?? []).filter((job) => !job.is_archived || loaded.job_ids.includes(job.id));
  const activeBoards = (boards.data ?? []).filter((board) => !board.is_archived || loaded.board_ids.includes(board.id));

  const text = (field: "first_name" | "last_name" | "hourly_rate" | "employee_id") => {
    const props = form.getInputProps(field);
    return { ...props, error: fieldMessage(props.error) };
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className={classes.form}>
      <Section
        title={t("edit.profile")}
        description={namesEditable ? t("edit.profileInvited") : t("edit.profileOwn", { name: person.first_name })}
      >
        {namesEditable ? (
          <div className={classes.pair}>
            <TextInput label={t("fields.firstName")} required {...text("first_name")} />
            <TextInput label={t("fields.lastName")} required {...text("last_name")} />
          </div>
        ) : (
          <dl className={classes.fields}>
            <Field label={t("fields.firstName")}>{person.first_name}</Field>
            <Field label={t("fields.lastName")}>{person.last_name}</Field>
          </dl>
        )}
        <ContactList contact={contact} />
      </Section>

      <Section title={t("edit.roleSection")}>
        <Stack gap="md">
          <RoleField
            roles={roles}
            value={form.values.role}
            error={fieldMessage(form.errors.role)}
            onChange={(role) => form.setFieldValue("role", role)}
          />
          {roleTakesPermissions(form.values.role) ? (
            <PermissionsField
              permissions={permissions}
              value={form.values.permissions}
              onChange={(value) => form.setFieldValue("permissions", value)}
              error={fieldMessage(form.errors.permissions)}
            />
          ) : null}
        </Stack>
      </Section>

      <Section title={t("edit.workSection")}>
        <Stack gap="md">
          <WorkFields
            jobs={activeJobs}
            boards={activeBoards}
            jobIds={{ ...form.getInputProps("job_ids"), error: fieldMessage(form.errors.job_ids) }}
            boardIds={{ ...form.getInputProps("board_ids"), error: fieldMessage(form.errors.board_ids) }}
            rate={text("hourly_rate")}
            employeeId={text("employee_id")}
          />
        </Stack>
      </Section>

      {otherErrors.length > 0 ? (
        <ErrorAlert>
          {otherErrors.map((message) => (
            <div key={message}>{fieldMessage(message)}</div>
          ))}
        </ErrorAlert>
      ) : null}
      {problem ? <ProblemAlert error={problem} /> : null}

      <div className={classes.saveBar} data-dirty={dirty || undefined}>
        <Text size="sm" c={dirty ? undefined : "dimmed"} role="status" aria-live="polite">
          {dirty ? t("edit.unsaved") : saved ? t("edit.saved") : t("edit.upToDate")}
        </Text>
        <Group gap="sm">
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => form.setValues(loaded)}>
            {t("edit.discard")}
          </Button>
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            {t("edit.save")}
          </Button>
        </Group>
      </div>

      <DiscardChangesDialog
        opened={blocker.state === "blocked"}
        message={t("edit.leaveMessage")}
        onDiscard={() => blocker.proceed?.()}
        onStay={() => blocker.reset?.()}
      />
    </form>
  );
}
