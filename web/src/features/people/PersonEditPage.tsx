import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { adminPaths, type Person } from "@workshift/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { UserAvatar } from "../../components/UserAvatar/UserAvatar.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { ArchivePanel } from "./ArchivePanel.tsx";
import { InvitationPanel } from "./InvitationPanel.tsx";
import { RoleBadge, StatusBadge } from "./PersonBadges.tsx";
import "./mantine-styles.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { problemCodeOf } from "../../lib/problem-text.ts";
import { PersonEditForm } from "./PersonEditForm.tsx";
import classes from "./PersonEditPage.module.css";
import { PersonReadOnly } from "./PersonReadOnly.tsx";
import { fetchPerson, peopleKeys } from "./people-api.ts";
import { canEditPerson, canManagePeople, fullName } from "./people-rules.ts";
import { personValuesFrom } from "./person-form.ts";
import { usePermissionTable } from "./use-people-data.ts";

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
    const code = problemCodeOf(person.error);
    content =
      code === "not_found" || code === "validation_failed" ? (
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
        <PersonEditForm
          key={formKey}
          person={person}
          contact={contact}
          saved={done?.where === "form"}
          onSaved={() => {
            setDone({ where: "form", text: t("edit.saved") });
          }}
        />
      ) : (
        <PersonReadOnly person={person} contact={contact} />
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
