import { Button } from "@mantine/core";
import { IconBeach } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type Request, todayIn } from "@workshift/contracts";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MyPageTitle } from "../frame/MyPageTitle.tsx";
import { useMy } from "../frame/my-context.ts";
import { myKeys } from "../my-api.ts";
import { useMyRequests } from "../requests/use-my-requests.ts";
import { BalancesCard } from "../time-off/BalancesCard.tsx";
import { LedgerCard } from "../time-off/LedgerCard.tsx";
import { MyTimeOffCard } from "../time-off/MyTimeOffCard.tsx";
import classes from "../time-off/TimeOff.module.css";
import { TimeOffAskModal } from "../time-off/TimeOffAskModal.tsx";
import { fetchMyTimeOff } from "../time-off/time-off-api.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * Time off: my balances (with "Ask for time off"), my time off coming up and
 * past (withdraw or ask to cancel), and the history of a type's balance.
 * Days are the person's own zone's (the answer names it).
 */
export function TimeOffPage() {
  const { t } = useTranslation("my");
  const { organizationId, asks, toast } = useMy();
  const [asking, setAsking] = useState(false);
  const [justAsked, setJustAsked] = useState<string | null>(null);
  const [historyType, setHistoryType] = useState<string | null>(null);
  const mine = useQuery({
    queryKey: myKeys.timeOff(organizationId),
    queryFn: ({ signal }) => fetchMyTimeOff(signal),
    enabled: asks,
    staleTime: 30_000,
  });
  const requests = useMyRequests(organizationId, asks);
  const zone = mine.data?.time_zone ?? browserZone();
  const today = todayIn(zone);
  const types = mine.data?.leave_types ?? [];
  const shownType = historyType ?? mine.data?.balances[0]?.leave_type.id ?? types[0]?.id ?? "";

  const showHistory = (leaveTypeId: string) => {
    setHistoryType(leaveTypeId);
    // The history's type choice is where the eye goes next; the card scrolls into view with it.
    requestAnimationFrame(() => document.getElementById("my-ledger-type")?.focus());
  };
  // The dialog leaves the page when it closes (Mantine cannot give focus back): the button that opened it takes it.
  const askButton = useRef<HTMLButtonElement>(null);
  const closeAsk = () => {
    setAsking(false);
    requestAnimationFrame(() => askButton.current?.focus());
  };
  const asked = (request: Request) => {
    setAsking(false);
    setJustAsked(request.id);
    toast("success", t("timeOff.ask.done"));
  };

  if (!asks) return <MyPageTitle title={t("nav.timeOff")} />;
  return (
    <>
      <MyPageTitle title={t("nav.timeOff")} />
      <BalancesCard
        state={
          mine.isPending
            ? { status: "pending" }
            : mine.isError
              ? { status: "error", error: mine.error }
              : { status: "success", data: mine.data }
        }
        action={
          <Button
            className={classes.askButton}
            leftSection={<IconBeach size={18} stroke={1.75} aria-hidden="true" />}
            disabled={!mine.data || types.every((type) => type.archived)}
            ref={askButton}
            onClick={() => setAsking(true)}
            data-testid="my-ask-time-off"
          >
            {t("timeOff.ask.open")}
          </Button>
        }
        onHistory={showHistory}
        onRetry={() => void mine.refetch()}
      />
      <MyTimeOffCard
        organizationId={organizationId}
        state={
          requests.isPending
            ? { status: "pending" }
            : requests.isError
              ? { status: "error", error: requests.error }
              : { status: "success", requests: requests.data.requests }
        }
        today={today}
        focusId={justAsked}
        toast={toast}
        onRetry={() => void requests.refetch()}
      />
      {mine.data && types.length > 0 ? (
        <LedgerCard organizationId={organizationId} types={types} leaveTypeId={shownType} onType={setHistoryType} />
      ) : null}
      {asking && mine.data ? (
        <TimeOffAskModal
          organizationId={organizationId}
          types={types}
          today={today}
          zone={zone}
          onClose={closeAsk}
          onDone={asked}
        />
      ) : null}
    </>
  );
}
