import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconMailForward, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Person } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useShortDate } from "./PersonBadges.tsx";
import classes from "./PersonEditPage.module.css";
import { DoneNote, Field, Section } from "./PersonSection.tsx";
import { ProblemAlert } from "./ProblemAlert.tsx";
import { peopleKeys, resendInvitation, revokeInvitation } from "./people-api.ts";
import { fullName, invitationState } from "./people-rules.ts";

/** The invitation while the person has not activated: its state, and Resend / Revoke. */
export function InvitationPanel({
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
        closeButtonProps={{ "aria-label": t("dialog.close") }}
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
