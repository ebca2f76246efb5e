import { Alert, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { MyShift } from "@workshift/contracts";
import { type ReactNode, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useProblemText } from "../../../lib/problem-text.ts";
import { myKeys } from "../my-api.ts";
import { personName } from "../requests/request-view.ts";
import { fetchRequestOptions } from "../requests/requests-api.ts";
import { useRequestActions } from "../requests/use-request-actions.ts";
import { AskModal } from "./AskModal.tsx";
import { OptionsState } from "./OptionsState.tsx";
import { ShiftSummary } from "./ShiftSummary.tsx";
import classes from "./Shifts.module.css";
import { swapChoices } from "./shift-options.ts";

/**
 * "Swap": my shift for one of a teammate's (those the server offers: on a job
 * I can work, not overlapping). The teammate accepts first; then a manager
 * may have to agree.
 */
export function SwapModal({
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
  const name = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [note, setNote] = useState("");
  const { create } = useRequestActions(organizationId);
  const options = useQuery({
    queryKey: myKeys.options(organizationId, shift.id),
    queryFn: ({ signal }) => fetchRequestOptions(shift.id, signal),
  });
  const groups = useMemo(
    () => (options.data ? swapChoices(options.data, Date.now(), i18n.language) : []),
    [options.data, i18n.language],
  );

  const submit = () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    create.mutate(
      { kind: "swap", shift_id: shift.id, other_shift_id: chosen, note: note.trim() || null },
      { onSuccess: () => onDone(t("swap.done")) },
    );
  };

  let choices: ReactNode;
  if (options.isPending || options.isError) {
    choices = (
      <OptionsState
        options={options}
        loadingLabel={t("swap.loading")}
        logAs="The shifts to swap for could not be read"
        skeleton="cards"
      />
    );
  } else if (groups.length === 0) {
    choices = (
      <Alert variant="light" color="yellow">
        {t("swap.none")}
      </Alert>
    );
  } else {
    choices = (
      <fieldset className={classes.fieldsetPlain} aria-describedby={missing ? `${name}-missing` : undefined}>
        <legend className={classes.legend}>{t("swap.choose")}</legend>
        {missing ? (
          <Text c="red.8" size="sm" role="alert" id={`${name}-missing`}>
            {t("swap.chooseMissing")}
          </Text>
        ) : null}
        {groups.map((group) => (
          <fieldset key={group.user.user_id} className={classes.fieldsetPlain}>
            <legend className={classes.groupName}>{personName(group.user)}</legend>
            <Stack gap="xs">
              {group.shifts.map((other) => (
                <label key={other.id} className={classes.choice}>
                  <input
                    type="radio"
                    name={name}
                    value={other.id}
                    checked={chosen === other.id}
                    onChange={() => {
                      setChosen(other.id);
                      setMissing(false);
                    }}
                  />
                  <ShiftSummary shift={other} />
                </label>
              ))}
            </Stack>
          </fieldset>
        ))}
      </fieldset>
    );
  }

  return (
    <AskModal
      opened
      title={t("swap.title")}
      subject={
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t("swap.yours")}
          </Text>
          <ShiftSummary shift={shift} />
        </Stack>
      }
      note={{ value: note, onChange: setNote }}
      submitLabel={t("swap.submit")}
      submitDisabled={groups.length === 0}
      busy={create.isPending}
      failure={create.isError ? problemText(create.error, { logAs: "A swap could not be asked" }) : null}
      onSubmit={submit}
      onClose={onClose}
      data-testid="my-swap"
    >
      {choices}
    </AskModal>
  );
}
