import { Alert, Anchor } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { publicPaths } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatWait } from "../../i18n/format-wait.ts";
import { type ProblemCode, useCodeText } from "../../lib/problem-text.ts";

interface AuthFailureAlertProps {
  /** What went wrong (see lib/problem-text.ts). */
  failure: ProblemCode;
  /** From the Retry-After header of a 429. */
  retryAfterSeconds?: number | undefined;
  /** The phone the sign-up link should carry over (account not found). */
  signUpState?: unknown;
  /** Which field the refusal is about, from the API's `fields` (account exists: "phone" or "email"). */
  field?: string | undefined;
  /** The code went to an email address (account not found then explains that only a verified email signs in). */
  byEmail?: boolean | undefined;
}

/**
 * The message (and way forward) for a failed code request, verification or
 * registration: the text of the failure's code, said more precisely where the
 * sign-in screens know more (how long to wait, an email rather than a phone).
 */
export function AuthFailureAlert({ failure, retryAfterSeconds, signUpState, field, byEmail }: AuthFailureAlertProps) {
  const { t, i18n } = useTranslation("auth");
  const codeText = useCodeText();
  let text = codeText(failure);
  let action: ReactNode = null;
  switch (failure) {
    case "rate_limited":
      if (retryAfterSeconds !== undefined) {
        text = t("failures.rateLimitedFor", { when: formatWait(retryAfterSeconds, i18n.resolvedLanguage ?? "en") });
      }
      break;
    case "account_not_found":
      if (byEmail) text = t("failures.emailNotFound");
      action = (
        <Anchor component={Link} to={publicPaths.signup} state={signUpState} fw={600} inherit>
          {t("failures.createAccount")}
        </Anchor>
      );
      break;
    case "account_exists":
      if (field === "email") text = t("failures.emailExists");
      action = (
        <Anchor component={Link} to={publicPaths.signin} fw={600} inherit>
          {t("failures.signInInstead")}
        </Anchor>
      );
      break;
    case "account_email_taken":
      // Verifying an email another account has already proved (the settings' email verification).
      if (field === "email") text = t("failures.emailTaken");
      break;
  }
  return (
    <Alert variant="light" color="red" icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}>
      {text}
      {action ? <> {action}</> : null}
    </Alert>
  );
}
