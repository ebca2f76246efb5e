import { Button, Group, MultiSelect, Select, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeavePolicy, LeaveType } from "@workshift/contracts";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "../../../components/AdminPage/DoneNotice.tsx";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../../lib/api-error.ts";
import { focusFirstError } from "../../../lib/focus-first-error.ts";
import { useJobSchedulers } from "../../../lib/job-schedulers.ts";
import { useProblemText } from "../../../lib/problem-text.ts";
import { fullName } from "../balances/balance-rows.ts";
import { balanceKeys, fetchTeamBalances } from "../balances/balances-api.ts";
import { isolate } from "./hours.ts";
import { LoadFailedAlert } from "./PanelStates.tsx";
import { Section } from "./Section.tsx";
import classes from "./Setup.module.css";
import { assignPolicy, setupKeys } from "./setup-api.ts";

/** Put people on a policy: one by one (searchable), everyone on a board, or everyone. */
export function AssignSection({ types, policies }: { types: LeaveType[]; policies: LeavePolicy[] }) {
  const { t } = useTranslation("timeOffSetup");
  const message = useFieldMessage();
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const boards = useJobSchedulers();
  const [policyId, setPolicyId] = useState<string | null>(null);
  const [people, setPeople] = useState<string[]>([]);
  const [boardId, setBoardId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ policy?: string; people?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const activeTypes = types.filter((type) => !type.archived);
  const assignable = policies.filter(
    (policy) => !policy.archived && activeTypes.some((type) => type.id === policy.leave_type_id),
  );
  const policy = assignable.find((candidate) => candidate.id === policyId) ?? null;
  const policyData = activeTypes
    .map((type) => ({
      group: type.name,
      items: assignable
        .filter((candidate) => candidate.leave_type_id === type.id)
        .map((candidate) => ({ value: candidate.id, label: candidate.name })),
    }))
    .filter((group) => group.items.length > 0);

  // Everyone, as the balances of the policy's type list them (any type will do before one is chosen).
  const listType = policy?.leave_type_id ?? activeTypes[0]?.id ?? null;
  const team = useQuery({
    queryKey: balanceKeys.team(listType ?? "", null),
    queryFn: () => fetchTeamBalances(listType ?? "", null),
    enabled: listType !== null,
    staleTime: 30_000,
  });
  const peopleData = useMemo(
    () => (team.data?.people ?? []).map((person) => ({ value: person.user_id, label: fullName(person) })),
    [team.data],
  );

  const addBoard = useMutation({
    mutationFn: (board: string) => fetchTeamBalances(listType ?? "", board),
    onSuccess: (answer) =>
      setPeople((current) => [...new Set([...current, ...answer.people.map((person) => person.user_id)])]),
    onError: (error) => setFailure(problemText(error, { logAs: "The board's people could not be loaded" })),
  });

  const assign = useMutation({
    mutationFn: (chosen: LeavePolicy) =>
      assignPolicy({ user_ids: people, leave_type_id: chosen.leave_type_id, policy_id: chosen.id }),
    onSuccess: async (count, chosen) => {
      setNotice(t("assign.done", { count, policy: isolate(chosen.name) }));
      setPeople([]);
      await queryClient.invalidateQueries({ queryKey: setupKeys.all });
    },
    onError: (error) => {
      const fields = apiFieldErrors(error);
      const next = {
        policy: fields.policy_id ?? fields.leave_type_id,
        people: Object.entries(fields).find(([key]) => key.startsWith("user_ids"))?.[1],
      };
      if (next.policy || next.people) {
        setErrors(next);
        focusFirstError(formRef.current);
        return;
      }
      setFailure(
        problemText(error, { logAs: "The policy could not be assigned", texts: { forbidden: t("form.forbidden") } }),
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next = {
      policy: policy ? undefined : "timeOff.unknownPolicy",
      people: people.length > 0 ? undefined : "timeOff.unknownPerson",
    };
    setErrors(next);
    if (!policy || next.people) {
      focusFirstError(formRef.current);
      return;
    }
    assign.mutate(policy);
  };

  if (assignable.length === 0) {
    return (
      <Section title={t("assign.title")} description={t("assign.description")}>
        <Text c="dimmed">{t("assign.noPolicies")}</Text>
      </Section>
    );
  }

  const boardOptions = (boards.data ?? [])
    .filter((board) => !board.is_archived)
    .map((board) => ({ value: board.id, label: board.name }));

  return (
    <Section title={t("assign.title")} description={t("assign.description")}>
      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <Select
            label={t("assign.policy")}
            placeholder={t("assign.policyPlaceholder")}
            data={policyData}
            value={policyId}
            onChange={(value) => {
              setPolicyId(value);
              setErrors((current) => ({ ...current, policy: undefined }));
            }}
            error={message(errors.policy)}
            required
            searchable
          />
          {team.isError ? (
            <LoadFailedAlert message={t("assign.peopleFailed")} onRetry={() => void team.refetch()} />
          ) : (
            <MultiSelect
              label={t("assign.people")}
              placeholder={t("assign.peoplePlaceholder")}
              data={peopleData}
              value={people}
              onChange={(value) => {
                setPeople(value);
                setErrors((current) => ({ ...current, people: undefined }));
              }}
              error={message(errors.people)}
              description={t("assign.selected", { count: people.length })}
              nothingFoundMessage={t("assign.nobody")}
              disabled={team.isPending}
              searchable
              clearable
              hidePickedOptions
              limit={50}
              required
              classNames={{ pillsList: classes.pillsCap }}
            />
          )}
          <div className={classes.toolbar}>
            <Select
              className={classes.grow}
              label={t("assign.board")}
              placeholder={t("assign.boardPlaceholder")}
              data={boardOptions}
              value={boardId}
              onChange={setBoardId}
              searchable
            />
            <Button
              variant="default"
              disabled={boardId === null || listType === null}
              loading={addBoard.isPending}
              onClick={() => boardId && addBoard.mutate(boardId)}
            >
              {t("assign.addBoard")}
            </Button>
          </div>
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              <Button
                variant="default"
                disabled={peopleData.length === 0}
                onClick={() => setPeople(peopleData.map((person) => person.value))}
              >
                {t("assign.everyone")}
              </Button>
              <Button variant="subtle" disabled={people.length === 0} onClick={() => setPeople([])}>
                {t("assign.clear")}
              </Button>
            </Group>
            <Button type="submit" loading={assign.isPending}>
              {t("assign.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
