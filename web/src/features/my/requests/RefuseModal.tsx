import type { Request } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AskModal } from "../shifts/AskModal.tsx";
import { RequestBody } from "./RequestBody.tsx";

/** Turning down what a teammate asked of me by name, with a reason if I wish (they read it). */
export function RefuseModal({
  offer,
  zone,
  busy,
  failure,
  onRefuse,
  onClose,
}: {
  offer: Request;
  zone: string;
  busy: boolean;
  failure: string | null;
  onRefuse(reason: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation("my");
  const [reason, setReason] = useState("");
  return (
    <AskModal
      opened
      title={offer.kind === "swap" ? t("offers.refuseSwapTitle") : t("offers.refuseTitle")}
      subject={<RequestBody request={offer} zone={zone} mine={false} />}
      submitLabel={t("offers.refuseConfirm")}
      busy={busy}
      failure={failure}
      onSubmit={() => onRefuse(reason)}
      onClose={onClose}
      note={{
        value: reason,
        onChange: setReason,
        label: t("offers.refuseReason"),
        hint: t("offers.refuseReasonHint"),
        autoFocus: true,
      }}
      data-testid="my-refuse"
    />
  );
}
