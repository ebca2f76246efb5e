import { Button, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { User } from "@workshift/contracts";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthFailureAlert } from "../../components/AuthFailureAlert/AuthFailureAlert.tsx";
import { OtpModal } from "../../components/OtpForm/OtpModal.tsx";
import { meQueryKey } from "../../lib/auth-context.ts";
import { resendAvailableAt } from "../../lib/countdown.ts";
import { type ProblemCode, problemCodeOf } from "../../lib/problem-text.ts";
import classes from "./EmailVerification.module.css";
import { sendEmailVerification, verifyEmail } from "./settings-api.ts";

type SavedEmail = Pick<User, "email" | "email_verified">;

export interface EmailVerificationState {
  /** The code entry (the one-time code modal in email mode): render it outside the account form. */
  modal: ReactNode;
  /** Sends a code to the saved email and opens the code entry (reopens it within the resend countdown). */
  start(): Promise<void>;
  sending: boolean;
  failure: { code: ProblemCode; retryAfterSeconds?: number } | null;
}

/**
 * Proving the saved email from the Account tab: only a verified email signs
 * in. The code entry is a modal; its form must sit outside the account form,
 * or its submit would bubble (through the portal) into the account's save.
 */
export function useEmailVerification(user: SavedEmail, onModalChange: (open: boolean) => void): EmailVerificationState {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The last code sent: asking again within the resend countdown reopens the code entry instead of sending.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<EmailVerificationState["failure"]>(null);

  useEffect(() => {
    onModalChange(open);
  }, [open, onModalChange]);

  const email = user.email;

  const start = async () => {
    if (sending || !email) return;
    setFailure(null);
    if (sentAt !== null && resendAvailableAt(sentAt) > Date.now()) {
      setOpen(true);
      return;
    }
    setSending(true);
    const sent = await sendEmailVerification();
    setSending(false);
    if (sent.ok) {
      setSentAt(Date.now());
      setOpen(true);
      return;
    }
    setFailure({
      code: problemCodeOf(sent.error),
      ...(sent.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: sent.retryAfterSeconds }),
    });
  };

  const modal = email ? (
    <OtpModal
      opened={open}
      onClose={() => setOpen(false)}
      destination={email}
      sentAt={sentAt ?? undefined}
      resend={async () => {
        const result = await sendEmailVerification();
        if (result.ok) setSentAt(Date.now());
        return result;
      }}
      verify={(otp) => verifyEmail(email, otp)}
      onVerified={(updated) => {
        queryClient.setQueryData(meQueryKey, updated);
        setOpen(false);
      }}
    />
  ) : null;

  return { modal, start, sending, failure };
}

interface EmailVerificationStatusProps {
  /** The signed-in person as saved: their email and whether it is verified. */
  user: SavedEmail;
  /** What the email field holds now: an unsaved change is verified after saving. */
  editedEmail: string;
  /** The form is saving or sending a code. */
  disabled: boolean;
  verification: EmailVerificationState;
}

/**
 * Under the Account tab's email: a check when the saved email is verified;
 * otherwise "Not verified" with a Verify button (the code goes to the email).
 */
export function EmailVerificationStatus({ user, editedEmail, disabled, verification }: EmailVerificationStatusProps) {
  const { t } = useTranslation("settings");
  const statusId = useId();
  const email = user.email;
  if (!email) return null;
  if (editedEmail.trim().toLowerCase() !== email) {
    return (
      <Text size="sm" c="dimmed">
        {t("account.emailVerifyAfterSave")}
      </Text>
    );
  }
  if (user.email_verified) {
    return (
      <div className={classes.status}>
        <IconCircleCheck size={18} stroke={2} className={classes.verifiedIcon} aria-hidden="true" />
        <Text size="sm" fw={600} className={classes.verified}>
          {t("account.emailVerified")}
        </Text>
      </div>
    );
  }
  const { failure } = verification;
  return (
    <>
      <div className={classes.unverified}>
        <div className={classes.status}>
          <IconAlertTriangle size={18} stroke={2} className={classes.warningIcon} aria-hidden="true" />
          <Text size="sm" fw={600} id={statusId}>
            {t("account.emailNotVerified")}
          </Text>
        </div>
        <Button
          variant="light"
          size="compact-sm"
          onClick={verification.start}
          loading={verification.sending}
          disabled={disabled}
          aria-label={t("account.verifyEmailLabel")}
          aria-describedby={statusId}
        >
          {t("account.verifyEmail")}
        </Button>
      </div>
      <Text size="xs" c="dimmed">
        {t("account.emailVerifyHint")}
      </Text>
      {failure ? <AuthFailureAlert failure={failure.code} retryAfterSeconds={failure.retryAfterSeconds} /> : null}
    </>
  );
}
