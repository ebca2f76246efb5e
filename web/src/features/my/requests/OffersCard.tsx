import { Anchor, Button, Skeleton, Stack, Text } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import type { Request } from "@workshift/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import type { ToastKind } from "../../../components/Toasts/Toasts.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";
import { MyCard } from "../MyCard.tsx";
import { RefuseModal } from "./RefuseModal.tsx";
import { RequestBody } from "./RequestBody.tsx";
import classes from "./Requests.module.css";
import { offerTitle } from "./request-titles.ts";
import { offerState } from "./request-view.ts";
import { useRequestActions } from "./use-request-actions.ts";

/**
 * "Asked of me": teammates' shifts offered to me (or to everyone who can work
 * them) and swaps naming me. I take or accept it, or, when I am the one
 * named, turn it down; once I said yes it moves to "I said yes to"
 * (AcceptedCard).
 */
export function OffersCard({
  organizationId,
  me,
  state,
  zone,
  toast,
  onRetry,
}: {
  organizationId: string;
  me: string | null;
  state: { status: "pending" } | { status: "error"; error: unknown } | { status: "success"; offers: Request[] };
  zone: string;
  toast(kind: ToastKind, text: string): void;
  onRetry(): void;
}) {
  const { t } = useTranslation("my");
  const problemText = useProblemText();
  const { accept, refuse } = useRequestActions(organizationId);
  const [refusing, setRefusing] = useState<Request | null>(null);

  const take = (offer: Request) =>
    accept.mutate(offer.id, {
      onSuccess: (answer) =>
        toast(
          "success",
          answer.status === "approved"
            ? offer.kind === "swap"
              ? t("offers.swappedApproved")
              : t("offers.takenApproved")
            : t("offers.acceptedWaiting"),
        ),
      onError: (error) => toast("error", problemText(error, { logAs: "An offer could not be accepted" })),
    });
  const turnDown = (reason: string) => {
    if (!refusing) return;
    refuse.mutate(
      { id: refusing.id, reason },
      {
        onSuccess: () => {
          setRefusing(null);
          toast("success", t("offers.refused"));
        },
      },
    );
  };

  let content: ReactNode;
  if (state.status === "pending") {
    content = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={t("offers.loading")}>
        <Skeleton height={84} radius="md" />
      </Stack>
    );
  } else if (state.status === "error") {
    content = (
      <ErrorAlert>
        {problemText(state.error, { texts: { internal: t("offers.loadFailed") } })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={onRetry}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else {
    const shown = state.offers.filter((offer) => offerState(offer, me).canAccept);
    content =
      shown.length === 0 ? (
        <Text c="dimmed" data-testid="my-offers-empty">
          {t("offers.empty")}
        </Text>
      ) : (
        <ul className={classes.list}>
          {shown.map((offer) => {
            const can = offerState(offer, me);
            const title = offerTitle(offer);
            const accepting = accept.isPending && accept.variables === offer.id;
            return (
              <li key={offer.id} className={classes.item} data-waiting data-testid="my-offer">
                <div className={classes.head}>
                  <h3 className={classes.title} id={`offer-${offer.id}`}>
                    {t(title.key, title.values)}
                  </h3>
                </div>
                <RequestBody request={offer} zone={zone} mine={false} />
                {offer.note ? <p className={classes.note}>{offer.note}</p> : null}
                <div className={classes.actions}>
                  <Button
                    size="sm"
                    leftSection={<IconCheck size={18} stroke={2} aria-hidden="true" />}
                    loading={accepting}
                    disabled={accept.isPending && !accepting}
                    aria-describedby={`offer-${offer.id}`}
                    onClick={() => take(offer)}
                    data-testid="my-offer-accept"
                  >
                    {offer.kind === "swap" ? t("offers.acceptSwap") : t("offers.take")}
                  </Button>
                  {can.canRefuse ? (
                    <Button
                      variant="default"
                      size="sm"
                      leftSection={<IconX size={18} stroke={2} aria-hidden="true" />}
                      disabled={accepting}
                      aria-describedby={`offer-${offer.id}`}
                      onClick={() => {
                        refuse.reset();
                        setRefusing(offer);
                      }}
                      data-testid="my-offer-refuse"
                    >
                      {t("offers.refuse")}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      );
  }

  return (
    <MyCard title={t("offers.title")} data-testid="my-offers">
      {content}
      {refusing ? (
        <RefuseModal
          offer={refusing}
          zone={zone}
          busy={refuse.isPending}
          failure={refuse.isError ? problemText(refuse.error, { logAs: "An offer could not be turned down" }) : null}
          onRefuse={turnDown}
          onClose={() => setRefusing(null)}
        />
      ) : null}
    </MyCard>
  );
}
