import { Modal } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CodeRequestResult, requestCode } from "../../lib/code-request.ts";
import { resendAvailableAt } from "../../lib/countdown.ts";
import { destinationFrom } from "../../lib/destination.ts";
import { OtpForm } from "./OtpForm.tsx";

export interface OtpModalProps<Result> {
  opened: boolean;
  onClose(): void;
  /** Where the code was sent (a phone as API digits, or an email); the caller has already sent it. */
  destination: string;
  /** Checks the code (e.g. the settings' phone change), instead of /api/auth/verify-otp. */
  verify(otp: string): Promise<Result>;
  /** Called with what `verify` resolved to; the modal does not close itself. */
  onVerified(result: Result): void;
  /** Asks for a new code; by default GET /api/auth/resend-otp for the destination. */
  resend?(): Promise<CodeRequestResult>;
  /** When the code was sent (a time stamp), if not just now: the resend countdown starts from there. */
  sentAt?: number;
}

/**
 * The one-time code screen as a modal (spec §2: reused when a phone number is
 * changed). Same boxes, countdown and messages as /otpscreen; the modal's
 * close button stands in for the back arrow.
 */
export function OtpModal<Result>({
  opened,
  onClose,
  destination,
  verify,
  onVerified,
  resend,
  sentAt,
}: OtpModalProps<Result>) {
  const { t } = useTranslation("auth");
  const [resendAt, setResendAt] = useState(() => resendAvailableAt(sentAt ?? Date.now()));

  // Each opening follows a send (just now, or at `sentAt`): the countdown starts from there.
  useEffect(() => {
    if (opened) setResendAt(resendAvailableAt(sentAt ?? Date.now()));
  }, [opened, sentAt]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("otpScreen.title")}
      centered
      radius="lg"
      size="md"
      closeButtonProps={{ "aria-label": t("otpScreen.close") }}
    >
      <OtpForm
        destination={destination}
        verify={verify}
        onVerified={onVerified}
        resend={resend ?? (() => requestCode(destinationFrom(destination)))}
        resendAt={resendAt}
        onResendAtChange={setResendAt}
        onBack={onClose}
        withBack={false}
      />
    </Modal>
  );
}
