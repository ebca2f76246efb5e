import { Button } from "@mantine/core";
import { IconCalendarCog, IconClockEdit } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { refocusIfLost } from "../../../lib/lost-focus.ts";
import { AvailabilityCard } from "../availability/AvailabilityCard.tsx";
import { fetchMyAvailability } from "../availability/availability-api.ts";
import { CorrectionModal } from "../correction/CorrectionModal.tsx";
import { MyPageTitle } from "../frame/MyPageTitle.tsx";
import { useMy } from "../frame/my-context.ts";
import { myKeys } from "../my-api.ts";
import { AcceptedCard } from "../requests/AcceptedCard.tsx";
import { saidYesTo } from "../requests/accepted-view.ts";
import { MyRequestsCard } from "../requests/MyRequestsCard.tsx";
import { OffersCard } from "../requests/OffersCard.tsx";
import classes from "../requests/Requests.module.css";
import { useMyRequests } from "../requests/use-my-requests.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

type Asking = "availability" | "correction" | null;

/**
 * Requests: what teammates ask of me, what I said yes to (and how it ended),
 * what I asked for (and where it stands),
 * my availability, and the two things I can ask for from here: a new
 * availability, and a correction of my time. Claims, cover and swaps start
 * from My shifts.
 */
export function RequestsPage() {
  const { t } = useTranslation("my");
  const { user, organizationId, asks, toast } = useMy();
  const [asking, setAsking] = useState<Asking>(null);
  const requests = useMyRequests(organizationId, asks);
  // Corrections carry instants only: they read in the organization's zone (the availability answer gives it).
  const availability = useQuery({
    queryKey: myKeys.availability(organizationId),
    queryFn: ({ signal }) => fetchMyAvailability(signal),
    enabled: asks,
    staleTime: 60_000,
  });
  const zone = availability.data?.time_zone ?? browserZone();
  const me = user.person_id;
  const accepted = useMemo(
    () => (requests.data ? saidYesTo(requests.data.offers, requests.data.accepted, me) : []),
    [requests.data, me],
  );
  // The dialogs leave the page when they close (Mantine cannot give focus back): the page's button takes it.
  const availabilityButton = useRef<HTMLButtonElement>(null);
  const correctionButton = useRef<HTMLButtonElement>(null);
  const closeAsk = (button: HTMLButtonElement | null) => {
    setAsking(null);
    refocusIfLost(button);
  };
  const done = (text: string) => {
    setAsking(null);
    toast("success", text);
  };
  const retry = () => void requests.refetch();

  return (
    <>
      <MyPageTitle title={t("nav.requests")} />
      {asks ? (
        <>
          <div className={classes.asks}>
            <Button
              variant="light"
              leftSection={<IconCalendarCog size={18} stroke={1.75} aria-hidden="true" />}
              ref={availabilityButton}
              onClick={() => setAsking("availability")}
              data-testid="my-ask-availability"
            >
              {t("requests.askAvailability")}
            </Button>
            <Button
              variant="light"
              leftSection={<IconClockEdit size={18} stroke={1.75} aria-hidden="true" />}
              ref={correctionButton}
              onClick={() => setAsking("correction")}
              data-testid="my-ask-correction"
            >
              {t("requests.askCorrection")}
            </Button>
          </div>
          <OffersCard
            organizationId={organizationId}
            me={me}
            state={
              requests.isPending
                ? { status: "pending" }
                : requests.isError
                  ? { status: "error", error: requests.error }
                  : { status: "success", offers: requests.data.offers }
            }
            zone={zone}
            toast={toast}
            onRetry={retry}
          />
          <AcceptedCard accepted={accepted} zone={zone} />
          <MyRequestsCard
            organizationId={organizationId}
            state={
              requests.isPending
                ? { status: "pending" }
                : requests.isError
                  ? { status: "error", error: requests.error }
                  : { status: "success", requests: requests.data.requests }
            }
            zone={zone}
            toast={toast}
            onRetry={retry}
          />
          <AvailabilityCard
            organizationId={organizationId}
            requests={requests.data?.requests ?? []}
            editing={asking === "availability"}
            onEdit={(open) => (open ? setAsking("availability") : closeAsk(availabilityButton.current))}
            onDone={done}
          />
          {asking === "correction" ? (
            <CorrectionModal
              organizationId={organizationId}
              onClose={() => closeAsk(correctionButton.current)}
              onDone={done}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
