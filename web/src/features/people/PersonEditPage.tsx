import { Alert, Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import {
  IconArchive,
  IconArrowBackUp,
  IconArrowLeft,
  IconCircleCheck,
  IconInfoCircle,
  IconMailForward,
  IconTrash,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPaths, type Person, roleTakesPermissions } from "@workshift/contracts";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useParams } from "react-router";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { PhoneNumber } from "../../components/PhoneNumber/PhoneNumber.tsx";
import { UserAvatar } from "../../components/UserAvatar/UserAvatar.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors, httpStatusOf } from "../../lib/api-error.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { PermissionsField, RoleField } from "./InviteModal.tsx";
import { placeFieldErrors } from "./invite-form.ts";
import { JobDots, RoleBadge, StatusBadge, useShortDate } from "./PersonBadges.tsx";
import "./mantine-styles.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { problemCodeOf } from "../../lib/problem-text.ts";
import classes from "./PersonEditPage.module.css";
import { ProblemAlert } from "./ProblemAlert.tsx";
import {
  fetchPerson,
  peopleKeys,
  resendInvitation,
  revokeInvitation,
  setArchived,
  updatePerson,
} from "./people-api.ts";
import {
  assignableRoles,
  canEditPerson,
  canManagePeople,
  fullName,
  grantablePermissions,
  invitationState,
} from "./people-rules.ts";
import {
  changedPersonFields,
  type PersonValues,
  personFields,
  personFormSchema,
  personUpdateBody,
  personValuesFrom,
} from "./person-form.ts";
import { useBoards, useJobs, usePermissionTable } from "./use-people-data.ts";
import { WorkFields } from "./WorkFields.tsx";

/** /admin/users/edit/:id: one person's place in the organization. */
export function PersonEditPage() {
  const { t } = useTranslation("people");
  const { id = "" } = useParams();
  const person = useQuery({
    queryKey: peopleKeys.person(id),
    queryFn: () => fetchPerson(id),
    enabled: id !== "",
  });

  let content: ReactNode;
  if (person.isPending) {
    content = <EditSkeleton />;
  } else if (person.isError) {
    const status = httpStatusOf(person.error);
    content =
      status === 404 || status === 400 ? (
        <Paper withBorder radius="lg" p="xl" className={classes.section}>
          <Title order={1} size="h3">
            {t("edit.notFoundTitle")}
          </Title>
          <Text c="dimmed" mt="xs">
            {t("edit.notFound")}
          </Text>
        </Paper>
      ) : (
        <ErrorAlert title={t("edit.loadFailedTitle")}>
          {t("edit.loadFailed")}{" "}
          <Anchor component="button" type="button" inherit fw={600} onClick={() => void person.refetch()}>
            {t("retry")}
          </Anchor>
        </ErrorAlert>
      );
  } else {
    content = <EditView person={person.data} />;
  }

  return (
    <div className={classes.page}>
      <Anchor component={Link} to={adminPaths.users} className={classes.back} size="sm">
        <IconArrowLeft size={16} stroke={1.75} aria-hidden="true" className={classes.flip} />
        {t("edit.back")}
      </Anchor>
      {content}
    </div>
  );
}

function EditSkeleton() {
  const { t } = useTranslation("people");
  return (
    <Stack gap="lg" aria-busy="true" role="status" aria-label={t("edit.loading")}>
      <Group gap="md">
        <Skeleton circle height={56} />
        <div>
          <Skeleton height={20} width={220} radius="sm" />
          <Skeleton height={12} width={140} radius="sm" mt={10} />
        </div>
      </Group>
      <Skeleton height={180} radius="lg" />
      <Skeleton height={240} radius="lg" />
    </Stack>
  );
}

function EditView({ person }: { person: Person }) {
  const { t } = useTranslation("people");
  const { user } = useAuth();
  const table = usePermissionTable(canManagePeople(user));
  const editable = canEditPerson(user, person, table.data);
  const name = fullName(person);
  // What the last action did, shown where it was done.
  const [done, setDone] = useState<{ where: "form" | "invitation" | "archive"; text: string } | null>(null);
  // The form starts again from the person as the server has them after a save or a status change. (The
  // cache's new value reaches this component a moment after the save resolves, so the key follows the data.)
  const formKey = `${person.id}:${person.status}:${JSON.stringify(personValuesFrom(person))}`;
  const contact = [person.phone ? `+${person.phone.replace(/^\+/, "")}` : null, person.email].filter(
    (item): item is string => Boolean(item),
  );

  return (
    <Stack gap="lg">
      <DocumentTitle page={name} />
      <header className={classes.header}>
        <UserAvatar initials={person.initials} color={person.color} role={person.role} size={56} />
        <div className={classes.headerText}>
          <Title order={1} className={classes.title}>
            {name}
          </Title>
          <Group gap="xs" mt={4}>
            <RoleBadge role={person.role} />
            <StatusBadge person={person} withDetail={false} />
          </Group>
        </div>
      </header>

      {editable ? (
        <EditForm
          key={formKey}
          person={person}
          contact={contact}
          saved={done?.where === "form"}
          onSaved={() => {
            setDone({ where: "form", text: t("edit.saved") });
          }}
        />
      ) : (
        <ReadOnlyView person={person} contact={contact} />
      )}

      {person.status === "invited" ? (
        <InvitationPanel
          person={person}
          editable={editable}
          done={done?.where === "invitation" ? done.text : null}
          onDone={(text) => setDone({ where: "invitation", text })}
        />
      ) : null}

      {editable ? (
        <ArchivePanel
          person={person}
          done={done?.where === "archive" ? done.text : null}
          onDone={(text) => {
            setDone({ where: "archive", text });
          }}
        />
      ) : null}
    </Stack>
  );
}

/** What an action did, next to where it was done. */
function DoneNote({ text }: { text: string }) {
  return (
    <Alert
      variant="light"
      color="green"
      role="status"
      icon={<IconCircleCheck size={20} stroke={1.75} aria-hidden="true" />}
    >
      {text}
    </Alert>
  );
}

function Section({ title, children, description }: { title: string; children: ReactNode; description?: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder radius="lg" className={classes.section} aria-labelledby={headingId}>
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
      <div className={classes.sectionBody}>{children}</div>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ContactList({ contact }: { contact: string[] }) {
  const { t } = useTranslation("people");
  return (
    <dl className={classes.fields}>
      <Field label={t("fields.contact")}>
        {contact.length > 0
          ? contact.map((item) =>
              // A phone (no "@", as the code screen tells them apart) is shown grouped the way people read it.
              item.includes("@") ? (
                <bdi key={item} dir="ltr" className={classes.contactItem}>
                  {item}
                </bdi>
              ) : (
                <span key={item} className={classes.contactItem}>
                  <PhoneNumber phone={item} />
                </span>
              ),
            )
          : t("row.noContact")}
      </Field>
    </dl>
  );
}

/** For those who cannot manage this person: the same facts, no controls. */
function ReadOnlyView({ person, contact }: { person: Person; contact: string[] }) {
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
        </dl>
      </Section>
    </>
  );
}

interface EditFormProps {
  person: Person;
  contact: string[];
  /** The form was just saved (it is fresh from the saved person). */
  saved: boolean;
  onSaved(): void;
}

function EditForm({ person, contact, saved, onSaved }: EditFormProps) {
  const { t } = useTranslation(["people", "validation"]);
  const fieldMessage = useFieldMessage();
  const queryClient = useQueryClient();
  const { user, fetchUserRole } = useAuth();
  const table = usePermissionTable(true);
  const jobs = useJobs();
  const boards = useBoards();
  const formRef = useRef<HTMLFormElement>(null);
  const [loaded] = useState<PersonValues>(() => personValuesFrom(person));
  const [problem, setProblem] = useState<unknown>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const namesEditable = person.status === "invited";

  const form = useForm<PersonValues>({
    mode: "controlled",
    initialValues: loaded,
    validate: schemaResolver(personFormSchema, { sync: true }),
    validateInputOnBlur: ["first_name", "last_name", "hourly_rate"],
  });

  const changed = changedPersonFields(loaded, form.values).filter(
    (field) => namesEditable || (field !== "first_name" && field !== "last_name"),
  );
  const dirty = changed.length > 0;

  const save = useMutation({
    mutationFn: (body: Parameters<typeof updatePerson>[1]) => updatePerson(person.id, body),
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !dirty) return;
    setProblem(null);
    setOtherErrors([]);
    const checked = form.validate();
    if (checked.hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    const body = personUpdateBody(loaded, form.values, personFormSchema.parse(form.values), { namesEditable });
    try {
      const updated = await save.mutateAsync(body);
      queryClient.setQueryData(peopleKeys.person(person.id), updated);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.lists() });
      // A change to one's own role or permissions: the sidebar follows at once.
      if (updated.id === user?.id) await fetchUserRole();
      onSaved();
    } catch (error) {
      const placed = placeFieldErrors(apiFieldErrors(error), personFields);
      for (const [field, message] of Object.entries(placed.fields)) form.setFieldError(field, message);
      setOtherErrors(placed.other);
      if (Object.keys(placed.fields).length === 0 && placed.other.length === 0) {
        setProblem(error);
      }
      focusFirstError(formRef.current);
    }
  };

  const text = (field: "first_name" | "last_name" | "hourly_rate") => {
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

/** The invitation while the person has not activated: its state, and Resend / Revoke. */
function InvitationPanel({
  person,
  editable,
  done,
  onDone,
}: {
  person: Person;
  editable: boolean;
  done: string | null;
  onDone(text: string): void;
}) {
  const { t } = useTranslation("people");
  const queryClient = useQueryClient();
  const shortDate = useShortDate();
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const invitation = person.invitation;
  const state = invitationState(invitation);

  const after = (updated: Person, text: string) => {
    queryClient.setQueryData(peopleKeys.person(person.id), updated);
    void queryClient.invalidateQueries({ queryKey: peopleKeys.lists() });
    onDone(text);
  };
  const onError = (error: unknown) => setProblem(error);

  const resend = useMutation({
    mutationFn: () => resendInvitation(person.id),
    onMutate: () => setProblem(null),
    onSuccess: (updated) => after(updated, t("invitation.resent", { name: fullName(updated) })),
    onError,
  });
  const revoke = useMutation({
    mutationFn: () => revokeInvitation(person.id),
    onMutate: () => setProblem(null),
    onSuccess: (updated) => {
      setConfirmRevoke(false);
      after(updated, t("invitation.revoked"));
    },
    onError: (error) => {
      setConfirmRevoke(false);
      onError(error);
    },
  });

  return (
    <Section title={t("invitation.title")}>
      <Stack gap="md">
        {invitation ? (
          <dl className={classes.fields}>
            <Field label={t("invitation.state")}>
              {state === "pending"
                ? t("invitation.pending")
                : state === "revoked"
                  ? t("invitation.revokedState")
                  : t("invitation.expired")}
            </Field>
            <Field label={t("invitation.sentAt")}>
              {t(`invitation.channel.${invitation.channel}`, { date: shortDate(invitation.sent_at) })}
            </Field>
            <Field label={t("invitation.expiresAt")}>{shortDate(invitation.expires_at)}</Field>
          </dl>
        ) : (
          <Text c="dimmed">{t("invitation.none")}</Text>
        )}
        {problem ? <ProblemAlert error={problem} /> : done ? <DoneNote text={done} /> : null}
        {editable ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconMailForward size={18} stroke={1.75} aria-hidden="true" />}
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {invitation ? t("invitation.resend") : t("invitation.send")}
            </Button>
            {invitation && state === "pending" ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} stroke={1.75} aria-hidden="true" />}
                onClick={() => setConfirmRevoke(true)}
              >
                {t("invitation.revoke")}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <Modal
        opened={confirmRevoke}
        onClose={() => setConfirmRevoke(false)}
        title={t("invitation.revokeTitle")}
        centered
        radius="lg"
      >
        <Text>{t("invitation.revokeMessage", { name: fullName(person) })}</Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setConfirmRevoke(false)} data-autofocus>
            {t("actions.cancel")}
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
            {t("invitation.revoke")}
          </Button>
        </Group>
      </Modal>
    </Section>
  );
}

/** Archive (they cannot sign in to this organization; their history stays) or restore, after a confirmation. */
function ArchivePanel({ person, done, onDone }: { person: Person; done: string | null; onDone(text: string): void }) {
  const { t } = useTranslation("people");
  const queryClient = useQueryClient();
  const { user, fetchUserRole } = useAuth();
  const [confirm, setConfirm] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const archived = person.status === "archived";
  const name = fullName(person);

  const change = useMutation({
    mutationFn: () => setArchived(person.id, !archived),
    onMutate: () => setProblem(null),
    onSuccess: async (updated) => {
      setConfirm(false);
      queryClient.setQueryData(peopleKeys.person(person.id), updated);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.lists() });
      if (updated.id === user?.id) await fetchUserRole();
      onDone(archived ? t("archive.restored", { name }) : t("archive.archived", { name }));
    },
    onError: (error) => {
      setConfirm(false);
      setProblem(error);
    },
  });

  return (
    <Section title={archived ? t("archive.restoreTitle") : t("archive.title")}>
      <Stack gap="md" align="flex-start">
        <Text size="sm" c="dimmed">
          {archived ? t("archive.restoreExplain", { name }) : t("archive.explain", { name })}
        </Text>
        {problem ? (
          <div className={classes.fullWidth}>
            <ProblemAlert
              error={problem}
              title={problemCodeOf(problem) === "last_owner" ? t("archive.lastOwnerTitle") : undefined}
            />
          </div>
        ) : done ? (
          <div className={classes.fullWidth}>
            <DoneNote text={done} />
          </div>
        ) : null}
        <Button
          variant={archived ? "default" : "light"}
          color={archived ? undefined : "red"}
          leftSection={
            archived ? (
              <IconArrowBackUp size={18} stroke={1.75} aria-hidden="true" />
            ) : (
              <IconArchive size={18} stroke={1.75} aria-hidden="true" />
            )
          }
          onClick={() => setConfirm(true)}
        >
          {archived ? t("archive.restore") : t("archive.archive")}
        </Button>
      </Stack>
      <Modal
        opened={confirm}
        onClose={() => setConfirm(false)}
        title={archived ? t("archive.restoreConfirmTitle", { name }) : t("archive.confirmTitle", { name })}
        centered
        radius="lg"
      >
        <Text>{archived ? t("archive.restoreConfirm") : t("archive.confirm")}</Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setConfirm(false)} data-autofocus>
            {t("actions.cancel")}
          </Button>
          <Button color={archived ? undefined : "red"} loading={change.isPending} onClick={() => change.mutate()}>
            {archived ? t("archive.restore") : t("archive.archive")}
          </Button>
        </Group>
      </Modal>
    </Section>
  );
}
