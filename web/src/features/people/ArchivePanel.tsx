import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconArchive, IconArrowBackUp } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Person } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-context.ts";
import { problemCodeOf } from "../../lib/problem-text.ts";
import classes from "./PersonEditPage.module.css";
import { DoneNote, Section } from "./PersonSection.tsx";
import { ProblemAlert } from "./ProblemAlert.tsx";
import { peopleKeys, setArchived } from "./people-api.ts";
import { fullName } from "./people-rules.ts";

/** Archive (they cannot sign in to this organization; their history stays) or restore, after a confirmation. */
export function ArchivePanel({
  person,
  done,
  onDone,
}: {
  person: Person;
  done: string | null;
  onDone(text: string): void;
}) {
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
      if (updated.id === user?.person_id) await fetchUserRole();
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
        closeButtonProps={{ "aria-label": t("dialog.close") }}
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
