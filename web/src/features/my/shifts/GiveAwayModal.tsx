import { Alert, Radio, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { MyShift } from "@workshift/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useProblemText } from "../../../lib/problem-text.ts";
import { myKeys } from "../my-api.ts";
import { personName } from "../requests/request-view.ts";
import { fetchRequestOptions } from "../requests/requests-api.ts";
import { useRequestActions } from "../requests/use-request-actions.ts";
import { AskModal } from "./AskModal.tsx";
import { OptionsState } from "./OptionsState.tsx";
import { ShiftSummary } from "./ShiftSummary.tsx";
import { teammateChoices } from "./shift-options.ts";

/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;

/**
 * "Give away": my shift offered to every teammate who can work it, or to one
 * named; the first who accepts takes it (then a manager may have to agree).
 */
export function GiveAwayModal({
  shift,
  organizationId,
  onClose,
  onDone,
}: {
  shift: MyShift;
  organizationId: string;
  onClose(): void;
  onDone(text: string): void;
}) {
  const { t, i18n } = useTranslation("my");
  const problemText = useProblemText();
  const [to, setTo] = useState<"everyone" | "one">("everyone");
  const [teammate, setTeammate] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  const { create } = useRequestActions(organizationId);
  const options = useQuery({
    queryKey: myKeys.options(organizationId, shift.id),
    queryFn: ({ signal }) => fetchRequestOptions(shift.id, signal),
  });
  const teammates = options.data ? teammateChoices(options.data.teammates, i18n.language) : [];

  const submit = () => {
    if (to === "one" && !teammate) {
      setMissing(true);
      return;
    }
    create.mutate(
      { kind: "cover", shift_id: shift.id, to_user_id: to === "one" ? teammate : null, note: note.trim() || null },
      {
        onSuccess: (request) => onDone(request.status === "approved" ? t("giveAway.doneApproved") : t("giveAway.done")),
      },
    );
  };

  let choices: ReactNode;
  if (options.isPending || options.isError) {
    choices = (
      <OptionsState
        options={options}
        loadingLabel={t("giveAway.loading")}
        logAs="The teammates who could cover a shift could not be read"
        skeleton="lines"
      />
    );
  } else {
    choices = (
      <Stack gap="sm">
        {teammates.length === 0 ? (
          <Alert variant="light" color="yellow">
            {t("giveAway.nobody")}
          </Alert>
        ) : null}
        <Radio.Group
          label={t("giveAway.to")}
          value={to}
          onChange={(value) => {
            setTo(value === "one" ? "one" : "everyone");
            setMissing(false);
          }}
        >
          <Stack gap="sm" mt="xs">
            <Radio value="everyone" label={t("giveAway.everyone")} description={t("giveAway.everyoneHint")} />
            <Radio value="one" label={t("giveAway.one")} disabled={teammates.length === 0} />
          </Stack>
        </Radio.Group>
        {to === "one" ? (
          <Select
            label={t("giveAway.teammate")}
            placeholder={t("giveAway.chooseTeammate")}
            data={teammates.map((person) => ({ value: person.user_id, label: personName(person) }))}
            value={teammate}
            onChange={(value) => {
              setTeammate(value);
              setMissing(false);
            }}
            searchable
            nothingFoundMessage={t("giveAway.nothingFound")}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            comboboxProps={{ withinPortal: true }}
            error={missing ? t("giveAway.chooseTeammate") : undefined}
            required
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <AskModal
      opened
      title={t("giveAway.title")}
      subject={
        <Text component="div">
          <ShiftSummary shift={shift} />
        </Text>
      }
      note={{ value: note, onChange: setNote }}
      submitLabel={t("giveAway.submit")}
      submitDisabled={!options.isSuccess}
      busy={create.isPending}
      failure={create.isError ? problemText(create.error, { logAs: "A shift could not be given away" }) : null}
      onSubmit={submit}
      onClose={onClose}
      data-testid="my-give-away"
    >
      {choices}
    </AskModal>
  );
}
