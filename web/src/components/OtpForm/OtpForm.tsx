import { ActionIcon, Button, PinInput, Stack, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { OTP_LENGTH } from "@workshift/contracts";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFieldErrors, retryAfterSeconds } from "../../lib/api-error.ts";
import type { CodeRequestResult } from "../../lib/code-request.ts";
import { resendAvailableAt, useSecondsUntil } from "../../lib/countdown.ts";
import { displayDestination } from "../../lib/destination.ts";
import { type ProblemCode, problemCodeOf } from "../../lib/problem-text.ts";
import { AuthFailureAlert } from "../AuthFailureAlert/AuthFailureAlert.tsx";
import { Ltr } from "../Ltr/Ltr.tsx";
import { type CodeAttempts, decideCode, noAttempts, withRefused, withSent } from "./code-attempts.ts";
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

/**
 * The one-time code entry of spec §2, for the /otpscreen page and the modal:
 * OTP_LENGTH digit boxes (paste fills them all; Backspace and the arrow keys
 * move between them), the destination, a verify button, a resend button that
 * waits out a 59-second countdown, and a back arrow. The last digit typed or
 * pasted sends the code by itself; a wrong one empties the boxes for another try.
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
  // Each refusal counts: the message is drawn anew, so it is announced again for a second wrong code.
  const [refusals, setRefusals] = useState(0);
  const [failure, setFailure] = useState<{ code: ProblemCode; retryAfterSeconds?: number; field?: string } | null>(
    null,
  );
  const [resent, setResent] = useState(false);
  const secondsLeft = useSecondsUntil(resendAt);
  const boxesRef = useRef<HTMLDivElement>(null);
  // Read and written within one event: a ref, so a paste and a click at once cannot both send.
  const attempts = useRef<CodeAttempts>(noAttempts);
  const sending = useRef(false);

  const verifyMutation = useMutation({ mutationFn: verify });
  const resendMutation = useMutation({ mutationFn: resend });

  // A wrong code: the boxes empty, the first takes the focus, and the message is announced.
  const refuseCode = () => {
    setOtp("");
    setInvalid(true);
    setRefusals((count) => count + 1);
    boxesRef.current?.querySelector("input")?.focus();
  };

  const check = async (code: string, trigger: "typed" | "button") => {
    if (sending.current) return;
    const decision = decideCode(code, attempts.current, trigger);
    if (decision === "wait") return;
    setFailure(null);
    setResent(false);
    if (decision === "incomplete") {
      // Spec §5: exactly OTP_LENGTH digits, otherwise the message shows and nothing is sent.
      setInvalid(true);
      setRefusals((count) => count + 1);
      return;
    }
    if (decision === "known-wrong") {
      refuseCode();
      return;
    }
    sending.current = true;
    attempts.current = withSent(attempts.current, code);
    try {
      onVerified(await verifyMutation.mutateAsync(code));
      // Accepted: the code is spent, so a Verify pressed while the page moves on sends nothing.
      return;
    } catch (error) {
      sending.current = false;
      const problem = problemCodeOf(error);
      if (problem === "otp_invalid" || (problem === "validation_failed" && "otp" in apiFieldErrors(error))) {
        attempts.current = withRefused(attempts.current, code);
        refuseCode();
        return;
      }
      const wait = retryAfterSeconds(error);
      setFailure({
        code: problem,
        field: Object.keys(apiFieldErrors(error))[0],
        ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
      });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(otp, "button");
  };

  const askAgain = async () => {
    setFailure(null);
    setResent(false);
    const result = await resendMutation.mutateAsync();
    const now = Date.now();
    if (result.ok) {
      onResendAtChange(resendAvailableAt(now));
      attempts.current = noAttempts;
      sending.current = false;
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
          ref={boxesRef}
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
              // The last digit typed or pasted sends the code; Verify stays for a failed or slow attempt.
              void check(value, "typed");
            }}
          />
          {invalid ? (
            <p key={refusals} id={errorId} role="alert" className={classes.error}>
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
