import { Anchor, Badge, Button, Skeleton, Stack, Text } from "@mantine/core";
import type { Request } from "@workshift/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog/ConfirmDialog.tsx";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import type { ToastKind } from "../../../components/Toasts/Toasts.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";
import { MyCard } from "../MyCard.tsx";
import { dateOfInstant } from "../my-format.ts";
import { RequestBody } from "./RequestBody.tsx";
import classes from "./Requests.module.css";
import { myRequestTitle } from "./request-titles.ts";
import { canCancel, requestDetail, sortMine, statusColors } from "./request-view.ts";
import { useRequestActions } from "./use-request-actions.ts";

/**
 * What I asked for: what still waits first (with "Cancel"), then what was
 * decided, each with its status and why (a decline's reason, a teammate's
 * refusal, why it expired).
 */
export function MyRequestsCard({
  organizationId,
  state,
  zone,
  toast,
  onRetry,
}: {
  organizationId: string;
  state: { status: "pending" } | { status: "error"; error: unknown } | { status: "success"; requests: Request[] };
  zone: string;
  toast(kind: ToastKind, text: string): void;
  onRetry(): void;
}) {
  const { t } = useTranslation("my");
  const problemText = useProblemText();
  const { cancel } = useRequestActions(organizationId);
  const [cancelling, setCancelling] = useState<Request | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        setCancelling(null);
        toast("success", t("requests.cancelled"));
      },
      onError: (error) => setFailure(problemText(error, { logAs: "A request could not be cancelled" })),
    });
  };

  let content: ReactNode;
  if (state.status === "pending") {
    content = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={t("requests.loading")}>
        <Skeleton height={84} radius="md" />
        <Skeleton height={84} radius="md" />
      </Stack>
    );
  } else if (state.status === "error") {
    content = (
      <ErrorAlert>
        {problemText(state.error, { texts: { internal: t("requests.loadFailed") } })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={onRetry}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (state.requests.length === 0) {
    content = (
      <Text c="dimmed" data-testid="my-requests-empty">
        {t("requests.empty")}
      </Text>
    );
  } else {
    content = (
      <ul className={classes.list}>
        {sortMine(state.requests).map((request) => (
          <RequestItem key={request.id} request={request} zone={zone} onCancel={() => setCancelling(request)} />
        ))}
      </ul>
    );
  }

  return (
    <MyCard title={t("requests.title")} data-testid="my-requests">
      {content}
      <ConfirmDialog
        opened={cancelling !== null}
        title={t("requests.cancelTitle")}
        message={t("requests.cancelMessage")}
        confirmLabel={t("requests.cancelConfirm")}
        cancelLabel={t("requests.keep")}
        danger
        loading={cancel.isPending}
        failure={failure}
        onConfirm={confirmCancel}
        onCancel={() => {
          setCancelling(null);
          setFailure(null);
        }}
      />
    </MyCard>
  );
}

function RequestItem({ request, zone, onCancel }: { request: Request; zone: string; onCancel(): void }) {
  const { t, i18n } = useTranslation("my");
  const title = myRequestTitle(request);
  const detail = requestDetail(request);
  const waiting = canCancel(request);
  return (
    <li
      className={classes.item}
      data-waiting={waiting || undefined}
      data-testid="my-request"
      data-request-id={request.id}
      data-status={request.status}
    >
      <div className={classes.head}>
        <h3 className={classes.title}>{t(title.key, title.values)}</h3>
        <Badge variant="light" color={statusColors[request.status]} radius="sm" className={classes.badge}>
          {t(`requests.status.${request.status}`)}
        </Badge>
      </div>
      <RequestBody request={request} zone={zone} mine />
      {request.note ? (
        <p className={classes.note}>
          {request.kind === "correction" ? t("requests.reasonGiven", { reason: request.note }) : request.note}
        </p>
      ) : null}
      <p className={classes.detail}>{t(`requests.detail.${detail.key}`, detail.values)}</p>
      <span className={classes.when}>
        {t("requests.askedOn", { date: dateOfInstant(request.created_at, i18n.language) })}
      </span>
      {waiting ? (
        <div className={classes.actions}>
          <Button
            variant="default"
            size="sm"
            onClick={onCancel}
            aria-label={t("requests.cancelLabel", { title: t(title.key, title.values) })}
            data-testid="my-request-cancel"
          >
            {t("requests.cancel")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
