import type { MyShift } from "@workshift/contracts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MyPageTitle } from "../frame/MyPageTitle.tsx";
import { useMy } from "../frame/my-context.ts";
import { MyShifts } from "../MyShifts.tsx";
import { useMyRequests } from "../requests/use-my-requests.ts";
import { GiveAwayModal } from "../shifts/GiveAwayModal.tsx";
import { OpenShifts } from "../shifts/OpenShifts.tsx";
import { ShiftActions } from "../shifts/ShiftActions.tsx";
import { SwapModal } from "../shifts/SwapModal.tsx";
import { canAskAbout, waitingByShift } from "../shifts/shift-options.ts";

type Asking = { kind: "cover" | "swap"; shift: MyShift } | null;

/** My shifts: my published week, each shift to come with "Give away" and "Swap", and the open shifts I may claim. */
export function ShiftsPage() {
  const { t } = useTranslation("my");
  const { organizationId, asks, toast } = useMy();
  const [asking, setAsking] = useState<Asking>(null);
  const requests = useMyRequests(organizationId, asks);
  const waiting = useMemo(() => waitingByShift(requests.data?.requests ?? []), [requests.data]);
  const done = (text: string) => {
    setAsking(null);
    toast("success", text);
  };

  return (
    <>
      <MyPageTitle title={t("nav.shifts")} />
      <MyShifts
        organizationId={organizationId}
        actions={
          asks && requests.isSuccess
            ? (shift) =>
                canAskAbout(shift, Date.now()) ? (
                  <ShiftActions
                    shift={shift}
                    waiting={waiting.get(shift.id)}
                    onGiveAway={() => setAsking({ kind: "cover", shift })}
                    onSwap={() => setAsking({ kind: "swap", shift })}
                  />
                ) : null
            : undefined
        }
      />
      {asks ? <OpenShifts organizationId={organizationId} toast={toast} /> : null}
      {asking?.kind === "cover" ? (
        <GiveAwayModal
          shift={asking.shift}
          organizationId={organizationId}
          onClose={() => setAsking(null)}
          onDone={done}
        />
      ) : null}
      {asking?.kind === "swap" ? (
        <SwapModal shift={asking.shift} organizationId={organizationId} onClose={() => setAsking(null)} onDone={done} />
      ) : null}
    </>
  );
}
