import { Anchor, Badge, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconHandGrab } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { OpenShift } from "@workshift/contracts";
import { type CSSProperties, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import type { ToastKind } from "../../../components/Toasts/Toasts.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";
import { MyCard } from "../MyCard.tsx";
import { myKeys } from "../my-api.ts";
import { shiftWhen } from "../my-format.ts";
import { fetchOpenShifts } from "../requests/requests-api.ts";
import { useRequestActions } from "../requests/use-request-actions.ts";
import { ShiftSummary } from "./ShiftSummary.tsx";
import classes from "./Shifts.module.css";
import { openShiftsAhead } from "./shift-options.ts";

/**
 * The published open shifts I may claim (on my jobs, not overlapping mine):
 * "Claim", or "Claimed, waiting" with a way to take the claim back. A claim
 * may be granted at once (first come, first served) or wait for a manager.
 */
export function OpenShifts({
  organizationId,
  toast,
}: {
  organizationId: string;
  toast(kind: ToastKind, text: string): void;
}) {
  const { t, i18n } = useTranslation("my");
  const problemText = useProblemText();
  const shifts = useQuery({
    queryKey: myKeys.openShifts(organizationId),
    queryFn: ({ signal }) => fetchOpenShifts(signal),
    staleTime: 30_000,
  });
  const { create, cancel } = useRequestActions(organizationId);
  const ahead = useMemo(() => (shifts.data ? openShiftsAhead(shifts.data, Date.now()) : []), [shifts.data]);

  // Claiming swaps the shift's button for "Cancel the claim" (and back): focus follows to the new one.
  const [focusOn, setFocusOn] = useState<string | null>(null);
  const claim = (shift: OpenShift) =>
    create.mutate(
      { kind: "claim", shift_id: shift.id },
      {
        onSuccess: (request) => {
          setFocusOn(shift.id);
          toast("success", request.status === "approved" ? t("open.claimedApproved") : t("open.claimedWaiting"));
        },
        onError: (error) => toast("error", problemText(error, { logAs: "An open shift could not be claimed" })),
      },
    );
  const withdraw = (shiftId: string, claimId: string) =>
    cancel.mutate(claimId, {
      onSuccess: () => {
        setFocusOn(shiftId);
        toast("success", t("open.claimCancelled"));
      },
      onError: (error) => toast("error", problemText(error, { logAs: "A claim could not be cancelled" })),
    });

  let content: ReactNode;
  if (shifts.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={t("open.loading")}>
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  } else if (shifts.isError) {
    content = (
      <ErrorAlert>
        {problemText(shifts.error, {
          texts: { internal: t("open.loadFailed") },
          logAs: "Open shifts could not be read",
        })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void shifts.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (ahead.length === 0) {
    content = (
      <Text c="dimmed" data-testid="my-open-shifts-empty">
        {t("open.empty")}
      </Text>
    );
  } else {
    content = (
      <ul className={classes.list}>
        {ahead.map((shift) => {
          const claiming =
            create.isPending && create.variables?.kind === "claim" && create.variables.shift_id === shift.id;
          const cancelling = cancel.isPending && cancel.variables === shift.my_claim_id;
          return (
            <li
              key={shift.id}
              className={classes.item}
              data-testid="my-open-shift"
              data-shift-id={shift.id}
              style={{ "--job-color": shift.job?.color ?? "var(--mantine-color-gray-4)" } as CSSProperties}
            >
              <ShiftSummary shift={shift} />
              {shift.note ? <p className={classes.note}>{shift.note}</p> : null}
              {shift.my_claim_id ? (
                <Group gap="xs">
                  <Badge variant="light" color="yellow" radius="sm" tt="none">
                    {t("open.claimed")}
                  </Badge>
                  <Button
                    variant="subtle"
                    color="gray"
                    size="sm"
                    loading={cancelling}
                    aria-label={t("open.cancelClaimLabel", { when: shiftWhen(shift, i18n.language) })}
                    ref={focusOn === shift.id ? focusOnMount : undefined}
                    onClick={() => shift.my_claim_id && withdraw(shift.id, shift.my_claim_id)}
                  >
                    {t("open.cancelClaim")}
                  </Button>
                </Group>
              ) : (
                <div className={classes.actions}>
                  <Button
                    size="sm"
                    leftSection={<IconHandGrab size={18} stroke={1.75} aria-hidden="true" />}
                    loading={claiming}
                    disabled={create.isPending && !claiming}
                    aria-label={t("open.claimLabel", { when: shiftWhen(shift, i18n.language) })}
                    ref={focusOn === shift.id ? focusOnMount : undefined}
                    onClick={() => claim(shift)}
                    data-testid="my-open-shift-claim"
                  >
                    {t("open.claim")}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <MyCard title={t("open.title")} data-testid="my-open-shifts">
      <Text size="sm" c="dimmed" mb="sm">
        {t("open.hint")}
      </Text>
      <div aria-busy={shifts.isFetching}>{content}</div>
    </MyCard>
  );
}

/** Focuses a button as it appears (the one that took the place of the button just used). */
function focusOnMount(element: HTMLButtonElement | null): void {
  element?.focus();
}
