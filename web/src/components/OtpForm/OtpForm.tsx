import { ActionIcon, Button, PinInput, Stack, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { OTP_LENGTH } from "@workshift/contracts";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFieldErrors, retryAfterSeconds } from "../../lib/api-error.ts";
import type { CodeRequestResult } from "../../lib/code-request.ts";
import { resendAvailableAt, useSecondsUntil } from "../../lib/countdown.ts";
import { displayDestination } from "../../lib/destination.ts";
import { type ProblemCode, problemCodeOf } from "../../lib/problem-text.ts";
import { AuthFailureAlert } from "../AuthFailureAlert/AuthFailureAlert.tsx";
import { Ltr } from "../Ltr/Ltr.tsx";
import classes from "./OtpForm.module.css";

export interface OtpFormProps<Result> {
  /** The phone (API digits) or email the code went to. */
  destination: string;
  /** Checks the code with the server; a rejection is shown (a wrong code underlines the boxes). */
  verify(otp: string): Promise<Result>;
  onVerified(result: Result): void;
  /** Asks for a new code; a failure is returned, not thrown. */
  resend(): Promise<CodeRequestResult>;
  /** When the resend button comes back (a time stamp), and its change after a resend or a 429. */
  resendAt: number;
  onResendAtChange(at: number): void;
  onBack(): void;
  /** The back arrow (the modal has its own close button instead). */
  withBack?: boolean;
  /** The heading, rendered by the page (h1) or the modal (its title). */
  heading?: (id: string) => ReactNode;
  /** Where "no account yet" sends the person, with what to carry into the sign-up form. */
  signUpState?: unknown;
}

const digitsOnly = /^\d*$/;

/**
 * The one-time code entry of spec §2, for the /otpscreen page and the modal:
 * OTP_LENGTH digit boxes (paste fills them all; Backspace and the arrow keys
 * move between them), the destination, a verify button, a resend button that
 * waits out a 59-second countdown, and a back arrow.
 */
export function OtpForm<Result>({
  destination,
  verify,
  onVerified,
  resend,
  resendAt,
  onResendAtChange,
  onBack,
  withBack = true,
  heading,
  signUpState,
}: OtpFormProps<Result>) {
  const { t } = useTranslation(["auth", "validation"]);
  const headingId = useId();
  const errorId = useId();
  const [otp, setOtp] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<{ code: ProblemCode; retryAfterSeconds?: number; field?: string } | null>(
    null,
  );
  const [resent, setResent] = useState(false);
  const secondsLeft = useSecondsUntil(resendAt);

  const verifyMutation = useMutation({ mutationFn: verify });
  const resendMutation = useMutation({ mutationFn: resend });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verifyMutation.isPending) return;
    setFailure(null);
    setResent(false);
    // Spec §5: exactly OTP_LENGTH digits, otherwise the message shows and nothing is sent.
    if (otp.length !== OTP_LENGTH || !digitsOnly.test(otp)) {
      setInvalid(true);
      return;
    }
    try {
      onVerified(await verifyMutation.mutateAsync(otp));
    } catch (error) {
      const code = problemCodeOf(error);
      if (code === "otp_invalid" || (code === "validation_failed" && "otp" in apiFieldErrors(error))) {
        setInvalid(true);
        return;
      }
      const wait = retryAfterSeconds(error);
      setFailure({
        code,
        field: Object.keys(apiFieldErrors(error))[0],
        ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
      });
    }
  };

  const askAgain = async () => {
    setFailure(null);
    setResent(false);
    const result = await resendMutation.mutateAsync();
    const now = Date.now();
    if (result.ok) {
      onResendAtChange(resendAvailableAt(now));
      setOtp("");
      setInvalid(false);
      setResent(true);
      return;
    }
    const code = problemCodeOf(result.error);
    if (code === "rate_limited" && result.retryAfterSeconds !== undefined) {
      onResendAtChange(resendAvailableAt(now, result.retryAfterSeconds));
    }
    setFailure({
      code,
      ...(result.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: result.retryAfterSeconds }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={heading ? headingId : undefined}>
      {withBack ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          className={classes.back}
          aria-label={t("otpScreen.back")}
          onClick={onBack}
        >
          <IconArrowLeft size={22} stroke={1.75} aria-hidden="true" />
        </ActionIcon>
      ) : null}
      {heading?.(headingId)}
      <Text c="dimmed" mb="xl">
        {t("otpScreen.sentTo", { count: OTP_LENGTH })}{" "}
        <Ltr className={classes.destination}>{displayDestination(destination)}</Ltr>
      </Text>
      <Stack gap="lg">
        {/* The boxes swallow keys other than digits and navigation, Enter too: submit from here. */}
        <div
          onKeyDownCapture={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              event.currentTarget.closest("form")?.requestSubmit();
            }
          }}
        >
          <PinInput
            length={OTP_LENGTH}
            type="number"
            inputMode="numeric"
            oneTimeCode
            autoFocus
            size="xl"
            gap="sm"
            value={otp}
            error={invalid}
            aria-describedby={invalid ? errorId : undefined}
            className={classes.pin}
            classNames={{ input: classes.pinInput }}
            getInputProps={(index) => ({
              "aria-label": t("otpScreen.digitLabel", { index: index + 1, total: OTP_LENGTH }),
              "aria-describedby": invalid ? errorId : undefined,
            })}
            onChange={(value) => {
              setOtp(value);
              setInvalid(false);
            }}
          />
          {invalid ? (
            <p id={errorId} role="alert" className={classes.error}>
              {t("validation:otpScreen.otpInvalid")}
            </p>
          ) : null}
        </div>
        {failure ? (
          <AuthFailureAlert
            failure={failure.code}
            retryAfterSeconds={failure.retryAfterSeconds}
            field={failure.field}
            signUpState={signUpState}
            byEmail={destination.includes("@")}
          />
        ) : null}
        <Button type="submit" size="md" fullWidth loading={verifyMutation.isPending}>
          {t("otpScreen.verify")}
        </Button>
        <div className={classes.resend}>
          <Text span size="sm" c="dimmed">
            {t("otpScreen.noCode")}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            className={classes.resendButton}
            disabled={secondsLeft > 0}
            loading={resendMutation.isPending}
            onClick={askAgain}
          >
            {secondsLeft > 0 ? t("otpScreen.resendIn", { count: secondsLeft }) : t("otpScreen.resend")}
          </Button>
        </div>
        <Text size="sm" c="dimmed" ta="center" role="status" aria-live="polite">
          {resent ? t("otpScreen.resent") : ""}
        </Text>
      </Stack>
    </form>
  );
}
