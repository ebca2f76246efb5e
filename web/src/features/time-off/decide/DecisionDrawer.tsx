import { Badge, Button, Drawer, Group, Skeleton, Stack, Text, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconBan, IconCheck, IconX } from "@tabler/icons-react";
import { type InboxItem, REQUEST_REASON_MAX, type TimeOffShiftAction } from "@workshift/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { ShiftsChoice } from "../../../components/TimeOff/ShiftsChoice.tsx";
import { TimeOffImpactView } from "../../../components/TimeOff/TimeOffImpactView.tsx";
import { TimeOffLeave } from "../../../components/TimeOff/TimeOffLeave.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../../lib/api-error.ts";
import { problemCodeOf, useCodeText, useProblemText } from "../../../lib/problem-text.ts";
import {
  declineReasonProblem,
  overlappingShifts,
  shiftsToSend,
  usualDayOf,
  waitsForDecision,
} from "../../../lib/time-off-decision.ts";
import { isolated } from "../../../lib/time-off-format.ts";
import { useTimeOffRequest } from "../time-off-api.ts";
import classes from "./Decision.module.css";

export type Decision = { kind: "approve"; shifts: TimeOffShiftAction | null } | { kind: "decline"; reason: string };

interface DecisionDrawerProps {
  /** The request open, or null (closed). */
  requestId: string | null;
  /** Whether this manager decides time off (timeOff.approve); else the request is shown read-only. */
  mayDecide: boolean;
  /** A job's name by id (who else is off is counted per job). */
  jobName(jobId: string): string | undefined;
  /** Sends the decision; a rejection is shown in the drawer. */
  onDecide(item: InboxItem, decision: Decision): Promise<void>;
  onClose(): void;
}

const statusColors: Record<string, string> = {
  pending: "blue",
  approved: "green",
  declined: "red",
  cancelled: "gray",
  expired: "gray",
};

/**
 * A time-off request opened from the calendar: who asks for which leave, what
 * a yes would do (balance after, shifts it overlaps, who else is off, blocked
 * dates), and Approve / Decline for who decides time off. Approving time off
 * over published shifts asks what they become; declining asks why.
 */
export function DecisionDrawer({ requestId, mayDecide, jobName, onDecide, onClose }: DecisionDrawerProps) {
  const { t, i18n } = useTranslation("timeOff");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const rtl = i18n.dir(i18n.resolvedLanguage) === "rtl";
  const query = useTimeOffRequest(requestId);
  const [busy, setBusy] = useState(false);
  const item = query.data && query.data.id === requestId ? query.data : undefined;
  return (
    <Drawer
      opened={requestId !== null}
      onClose={busy ? () => {} : onClose}
      position={phone ? "bottom" : rtl ? "left" : "right"}
      size={phone ? "92%" : "lg"}
      radius={phone ? "lg" : 0}
      title={item ? requestHeading(item, t) : t("decide.title")}
      closeButtonProps={{ "aria-label": t("decide.close") }}
      // Focus goes back to the calendar's leave item (or its heading) by the page, once the calendar is read again.
      returnFocus={false}
      classNames={{ title: classes.drawerTitle }}
    >
      {requestId === null ? null : query.isError && !item ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !item ? (
        <div role="status" aria-label={t("decide.loading")} className={classes.stack}>
          <Skeleton height={24} width="60%" />
          <Skeleton height={72} />
          <Skeleton height={120} />
        </div>
      ) : (
        <DecisionBody
          key={item.id + item.version}
          item={item}
          mayDecide={mayDecide}
          jobName={jobName}
          onDecide={onDecide}
          onBusy={setBusy}
          onClose={onClose}
        />
      )}
    </Drawer>
  );
}

type T = ReturnType<typeof useTranslation<"timeOff">>["t"];

function requestHeading(item: InboxItem, t: T): string {
  const name = isolated(`${item.author.first_name} ${item.author.last_name}`.trim());
  const type = isolated(item.time_off?.leave_type.name ?? "");
  return item.kind === "time_off_cancel"
    ? t("decide.headingCancel", { name, type })
    : t("decide.heading", { name, type });
}

function LoadFailed({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation("timeOff");
  const problemText = useProblemText();
  const gone = problemCodeOf(error) === "not_found";
  return (
    <ErrorAlert title={gone ? t("decide.goneTitle") : t("decide.loadFailed")}>
      {gone ? t("decide.gone") : problemText(error, { logAs: "The time-off request could not be read" })}{" "}
      {gone ? null : (
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying} ml="xs">
          {t("calendar.retry")}
        </Button>
      )}
    </ErrorAlert>
  );
}

function DecisionBody({
  item,
  mayDecide,
  jobName,
  onDecide,
  onBusy,
  onClose,
}: {
  item: InboxItem;
  mayDecide: boolean;
  jobName(jobId: string): string | undefined;
  onDecide(item: InboxItem, decision: Decision): Promise<void>;
  onBusy(busy: boolean): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation("timeOff");
  const { t: tr } = useTranslation("requests");
  const language = i18n.resolvedLanguage;
  const codeText = useCodeText();
  const fieldMessage = useFieldMessage();
  const problemText = useProblemText();
  const [choice, setChoice] = useState<TimeOffShiftAction | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [pending, setPending] = useState<"approve" | "decline" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const choiceRef = useRef<HTMLDivElement>(null);

  const impact = item.impact?.time_off ?? null;
  const blockers = item.impact?.blockers ?? [];
  const decidable = mayDecide && waitsForDecision(item);
  const shifts = overlappingShifts(item);
  const dayMinutes = usualDayOf(item);

  useEffect(() => {
    if (declining) reasonRef.current?.focus();
  }, [declining]);

  const send = async (decision: Decision) => {
    setFailure(null);
    setPending(decision.kind);
    onBusy(true);
    try {
      await onDecide(item, decision);
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (decision.kind === "decline" && fields.reason) {
        setReasonError(fields.reason);
        reasonRef.current?.focus();
      } else if (problemCodeOf(error) === "time_off_shifts_choice") {
        setChoiceError(codeText("time_off_shifts_choice"));
      } else {
        setFailure(problemText(error, { logAs: "The time-off decision failed" }));
      }
    } finally {
      setPending(null);
      onBusy(false);
    }
  };

  const approve = () => {
    const picked = shiftsToSend(item, choice);
    if (!picked.ok) {
      setChoiceError(codeText("time_off_shifts_choice"));
      choiceRef.current?.querySelector<HTMLInputElement>("input")?.focus();
      return;
    }
    void send({ kind: "approve", shifts: picked.shifts });
  };

  const decline = () => {
    const trimmed = reason.trim();
    const problem = declineReasonProblem(trimmed);
    if (problem) {
      setReasonError(problem);
      reasonRef.current?.focus();
      return;
    }
    void send({ kind: "decline", reason: trimmed });
  };

  return (
    <Stack gap="md" data-testid="time-off-decision" data-request-id={item.id}>
      <Group gap="xs">
        <Badge color={statusColors[item.status] ?? "gray"} variant="light" radius="sm">
          {tr(`status.${item.status}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {tr(`kind.${item.kind}`)}
        </Text>
      </Group>

      {item.time_off ? (
        <TimeOffLeave timeOff={item.time_off} cancels={item.kind === "time_off_cancel"} dayMinutes={dayMinutes} />
      ) : null}

      {item.note ? (
        <blockquote className={classes.note}>
          <span className={classes.noteLabel}>{t("decide.note")}</span>
          <bdi>{item.note}</bdi>
        </blockquote>
      ) : null}

      {item.decision ? (
        <Text size="sm" data-testid="time-off-decided">
          {item.decision.by
            ? t("decide.decidedBy", {
                name: isolated(`${item.decision.by.first_name} ${item.decision.by.last_name}`.trim()),
                when: isolated(
                  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
                    new Date(item.decision.at),
                  ),
                ),
              })
            : t("decide.decidedAutomatically")}
          {item.decision.reason ? <> {t("decide.decidedReason", { reason: isolated(item.decision.reason) })}</> : null}
        </Text>
      ) : null}

      {impact && waitsForDecision(item) ? (
        <section className={classes.impact} aria-label={t("decide.impact")}>
          <h3 className={classes.impactTitle}>{t("decide.impact")}</h3>
          {blockers.length > 0 ? (
            <ul className={classes.blockers} aria-label={t("decide.blockers")}>
              {blockers.map((code) => (
                <li key={code}>
                  <IconBan size={16} stroke={2} aria-hidden="true" />
                  <span>{codeText(code as never)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <TimeOffImpactView
            impact={impact}
            jobName={jobName}
            dayMinutes={dayMinutes}
            adds={item.kind === "time_off"}
            paid={item.time_off?.leave_type.paid ?? true}
          />
        </section>
      ) : null}

      {waitsForDecision(item) && !mayDecide ? (
        <Text size="sm" c="dimmed" data-testid="time-off-read-only">
          {t("decide.readOnly")}
        </Text>
      ) : null}

      {decidable && shifts > 0 && !declining ? (
        <div ref={choiceRef}>
          <ShiftsChoice
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setChoiceError(null);
            }}
            count={shifts}
            error={choiceError}
          />
        </div>
      ) : null}

      {decidable && declining ? (
        <Textarea
          ref={reasonRef}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(null);
          }}
          label={t("decide.reason")}
          description={t("decide.reasonHint", { max: REQUEST_REASON_MAX })}
          error={fieldMessage(
            reasonError ?? (reason.trim().length > REQUEST_REASON_MAX ? "requests.reasonTooLong" : null),
          )}
          required
          autosize
          minRows={3}
          maxRows={6}
          data-testid="time-off-decline-reason"
        />
      ) : null}

      {failure ? <ErrorAlert title={t("decide.failed")}>{failure}</ErrorAlert> : null}

      {decidable ? (
        <Group justify="flex-end" gap="sm" className={classes.actions}>
          {declining ? (
            <>
              <Button variant="default" onClick={() => setDeclining(false)} disabled={pending !== null}>
                {t("decide.back")}
              </Button>
              <Button
                color="red"
                leftSection={<IconX size={18} stroke={1.75} aria-hidden="true" />}
                loading={pending === "decline"}
                onClick={decline}
              >
                {t("decide.confirmDecline")}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="default"
                leftSection={<IconX size={18} stroke={1.75} aria-hidden="true" />}
                onClick={() => setDeclining(true)}
                disabled={pending !== null}
              >
                {t("decide.decline")}
              </Button>
              <Button
                color="green"
                leftSection={<IconCheck size={18} stroke={1.75} aria-hidden="true" />}
                loading={pending === "approve"}
                data-disabled={blockers.length > 0 || undefined}
                aria-disabled={blockers.length > 0 || undefined}
                onClick={() => {
                  if (blockers.length === 0) approve();
                }}
              >
                {item.kind === "time_off_cancel" ? t("decide.approveCancel") : t("decide.approve")}
              </Button>
            </>
          )}
        </Group>
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("decide.close")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
