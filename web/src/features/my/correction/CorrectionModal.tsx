import { Anchor, Button, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { addDays, type MyEntry, todayIn } from "@workshift/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { apiFieldErrors } from "../../../lib/api-error.ts";
import { useProblemText } from "../../../lib/problem-text.ts";
import { myKeys } from "../my-api.ts";
import { useRequestActions } from "../requests/use-request-actions.ts";
import { AskModal } from "../shifts/AskModal.tsx";
import { CorrectionFields } from "./CorrectionFields.tsx";
import {
  type CorrectionValues,
  changesNothing,
  correctionBody,
  correctionFieldErrors,
  correctionProblems,
  correctionValues,
  missedValues,
} from "./correction-form.ts";
import { EntryChoices } from "./EntryChoices.tsx";
import { fetchMyEntries } from "./entries-api.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
/** Each "Show earlier" reaches this many days further back. */
const STEP_DAYS = 14;

interface Chosen {
  initial: CorrectionValues | null;
  zone: string;
}

/**
 * "Correct my time": one of my recent entries set right (or a missed one
 * added), with a reason, for a manager to approve. Entries in an approved
 * pay period, or with a correction already waiting, say why they can't be.
 */
export function CorrectionModal({
  organizationId,
  onClose,
  onDone,
}: {
  organizationId: string;
  onClose(): void;
  onDone(text: string): void;
}) {
  const { t } = useTranslation("my");
  const problemText = useProblemText();
  const { create } = useRequestActions(organizationId);
  const [days, setDays] = useState(STEP_DAYS);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [values, setValues] = useState<CorrectionValues | null>(null);
  const [checked, setChecked] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  const to = todayIn(browserZone());
  const range = days === STEP_DAYS ? {} : { from: addDays(to, -days), to };
  const entries = useQuery({
    queryKey: [...myKeys.entries(organizationId), range.from ?? "recent"],
    queryFn: ({ signal }) => fetchMyEntries(range, signal),
    placeholderData: (previous) => previous,
  });

  const choose = (entry: MyEntry | null) => {
    if (!entries.data) return;
    const zone = entry ? entry.time_zone : entries.data.time_zone;
    const onlyJob = entries.data.jobs.length === 1 ? (entries.data.jobs[0]?.id ?? null) : null;
    const initial = entry ? correctionValues(entry) : null;
    setChosen({ initial, zone });
    setValues(initial ?? missedValues(todayIn(zone), onlyJob));
    setChecked(false);
    setServerFields({});
    create.reset();
  };

  const problems = values && chosen ? { ...correctionProblems(values, chosen.zone), ...serverFields } : {};
  const unchanged = values !== null && chosen !== null && changesNothing(values, chosen.initial);

  const submit = () => {
    setChecked(true);
    if (!values || !chosen || unchanged || Object.keys(correctionProblems(values, chosen.zone)).length > 0) return;
    create.mutate(correctionBody(values, chosen.zone), {
      onSuccess: () => onDone(t("correction.done")),
      onError: (error) => setServerFields(correctionFieldErrors(apiFieldErrors(error))),
    });
  };

  let body: ReactNode;
  if (entries.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" role="status" aria-label={t("correction.loading")}>
        <Skeleton height={56} radius="md" />
        <Skeleton height={56} radius="md" />
        <Skeleton height={56} radius="md" />
      </Stack>
    );
  } else if (entries.isError) {
    body = (
      <ErrorAlert>
        {problemText(entries.error, {
          texts: { internal: t("correction.loadFailed") },
          logAs: "My entries could not be read",
        })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void entries.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (!chosen || !values) {
    body = (
      <Stack gap="sm">
        <EntryChoices entries={entries.data.entries} jobs={entries.data.jobs} onChoose={choose} />
        <Button
          variant="subtle"
          size="sm"
          loading={entries.isFetching}
          onClick={() => setDays((value) => value + STEP_DAYS)}
        >
          {t("correction.earlier")}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          style={{ alignSelf: "flex-start" }}
          onClick={() => setChosen(null)}
        >
          {t("correction.chooseAnother")}
        </Anchor>
        <CorrectionFields
          values={values}
          jobs={entries.data.jobs}
          zone={chosen.zone}
          missed={chosen.initial === null}
          problems={checked ? problems : {}}
          onChange={(next) => {
            setValues(next);
            setServerFields({});
          }}
        />
        {checked && unchanged ? (
          <Text c="red.8" size="sm" role="alert">
            {t("correction.unchanged")}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <AskModal
      opened
      title={t("correction.title")}
      submitLabel={t("correction.submit")}
      submitDisabled={!chosen}
      busy={create.isPending}
      failure={create.isError ? problemText(create.error, { logAs: "A correction could not be asked" }) : null}
      onSubmit={submit}
      onClose={onClose}
      data-testid="my-correction"
    >
      {body}
    </AskModal>
  );
}
