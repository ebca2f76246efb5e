import { Anchor, Badge, Button, Skeleton, Stack, Text } from "@mantine/core";
import type { Request } from "@workshift/contracts";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog/ConfirmDialog.tsx";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import type { ToastKind } from "../../../components/Toasts/Toasts.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";
import { MyCard } from "../MyCard.tsx";
import { dateOfInstant } from "../my-format.ts";
import requestClasses from "../requests/Requests.module.css";
import { myRequestTitle } from "../requests/request-titles.ts";
import { requestDetail, statusColors } from "../requests/request-view.ts";
import { useRequestActions } from "../requests/use-request-actions.ts";
import classes from "./TimeOff.module.css";
import { TimeOffSummary } from "./TimeOffSummary.tsx";
import { type TimeOffItem, timeOffItems } from "./time-off-list.ts";

type Confirming = { kind: "cancel" | "askCancel"; item: TimeOffItem } | null;

/**
 * My time off: what is coming up (soonest first: withdraw what waits, ask to
 * cancel what is approved), then what is over or closed, each with its
 * status, days, hours and a decline's reason. `focusId`: a request just
 * asked, focused once it is listed (where the eye and a screen reader go).
 */
export function MyTimeOffCard({
  organizationId,
  state,
  today,
  focusId,
  toast,
  onRetry,
}: {
  organizationId: string;
  state: { status: "pending" } | { status: "error"; error: unknown } | { status: "success"; requests: Request[] };
  today: string;
  focusId: string | null;
  toast(kind: ToastKind, text: string): void;
  onRetry(): void;
}) {
  const { t } = useTranslation("my");
  const problemText = useProblemText();
  const { cancel, create } = useRequestActions(organizationId);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setConfirming(null);
    setFailure(null);
  };
  const confirm = () => {
    if (!confirming) return;
    const fail = (error: unknown) => setFailure(problemText(error, { logAs: "Time off could not be cancelled" }));
    if (confirming.kind === "cancel") {
      cancel.mutate(confirming.item.request.id, {
        onSuccess: () => {
          close();
          toast("success", t("requests.cancelled"));
        },
        onError: fail,
      });
    } else {
      create.mutate(
        { kind: "time_off_cancel", request_id: confirming.item.request.id },
        {
          onSuccess: () => {
            close();
            toast("success", t("timeOff.list.askCancelDone"));
          },
          onError: fail,
        },
      );
    }
  };

  let content: ReactNode;
  if (state.status === "pending") {
    content = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={t("timeOff.list.loading")}>
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
  } else {
    const { upcoming, past } = timeOffItems(state.requests, today);
    content =
      upcoming.length === 0 && past.length === 0 ? (
        <Text c="dimmed" data-testid="my-time-off-empty">
          {t("timeOff.list.empty")}
        </Text>
      ) : (
        <Stack gap="md">
          <section aria-labelledby="my-time-off-upcoming">
            <h3 id="my-time-off-upcoming" className={classes.subTitle}>
              {t("timeOff.list.upcoming")}
            </h3>
            {upcoming.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("timeOff.list.noneUpcoming")}
              </Text>
            ) : (
              <ul className={requestClasses.list}>
                {upcoming.map((item) => (
                  <TimeOffRow
                    key={item.request.id}
                    item={item}
                    focus={item.request.id === focusId}
                    onAct={(kind) => setConfirming({ kind, item })}
                  />
                ))}
              </ul>
            )}
          </section>
          {past.length > 0 ? (
            <section aria-labelledby="my-time-off-past">
              <h3 id="my-time-off-past" className={classes.subTitle}>
                {t("timeOff.list.past")}
              </h3>
              <ul className={requestClasses.list}>
                {past.map((item) => (
                  <TimeOffRow
                    key={item.request.id}
                    item={item}
                    focus={item.request.id === focusId}
                    onAct={(kind) => setConfirming({ kind, item })}
                  />
                ))}
              </ul>
            </section>
          ) : null}
        </Stack>
      );
  }

  const asking = confirming?.kind === "askCancel";
  return (
    <MyCard title={t("timeOff.list.title")} data-testid="my-time-off">
      {content}
      <ConfirmDialog
        opened={confirming !== null}
        title={asking ? t("timeOff.list.askCancelTitle") : t("requests.cancelTitle")}
        message={asking ? t("timeOff.list.askCancelMessage") : t("requests.cancelMessage")}
        confirmLabel={asking ? t("timeOff.list.askCancelConfirm") : t("requests.cancelConfirm")}
        cancelLabel={t("requests.keep")}
        danger={!asking}
        loading={cancel.isPending || create.isPending}
        failure={failure}
        onConfirm={confirm}
        onCancel={close}
      />
    </MyCard>
  );
}

function TimeOffRow({
  item,
  focus,
  onAct,
}: {
  item: TimeOffItem;
  focus: boolean;
  onAct(kind: "cancel" | "askCancel"): void;
}) {
  const { t, i18n } = useTranslation("my");
  const ref = useRef<HTMLLIElement>(null);
  const { request, timeOff, action } = item;
  const title = myRequestTitle(request);
  const titleText = t(title.key, title.values);
  const detail = requestDetail(request);

  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);

  return (
    <li
      ref={ref}
      tabIndex={focus ? -1 : undefined}
      className={requestClasses.item}
      data-waiting={request.status === "pending" || undefined}
      data-testid="my-time-off-item"
      data-request-id={request.id}
      data-kind={request.kind}
      data-status={request.status}
    >
      <div className={requestClasses.head}>
        <h4 className={requestClasses.title}>{titleText}</h4>
        <Badge variant="light" color={statusColors[request.status]} radius="sm" className={requestClasses.badge}>
          {t(`requests.status.${request.status}`)}
        </Badge>
      </div>
      <TimeOffSummary timeOff={timeOff} />
      {request.note ? <p className={requestClasses.note}>{request.note}</p> : null}
      <p className={requestClasses.detail}>{t(`requests.detail.${detail.key}`, detail.values)}</p>
      {item.cancelAsked ? <p className={requestClasses.detail}>{t("timeOff.list.cancelAsked")}</p> : null}
      <span className={requestClasses.when}>
        {t("requests.askedOn", { date: dateOfInstant(request.created_at, i18n.language) })}
      </span>
      {action ? (
        <div className={requestClasses.actions}>
          <Button
            variant="default"
            size="sm"
            onClick={() => onAct(action)}
            aria-label={
              action === "cancel"
                ? t("requests.cancelLabel", { title: titleText })
                : t("timeOff.list.askCancelLabel", { title: titleText })
            }
            data-testid={action === "cancel" ? "my-time-off-cancel" : "my-time-off-ask-cancel"}
          >
            {action === "cancel" ? t("requests.cancel") : t("timeOff.list.askCancel")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
