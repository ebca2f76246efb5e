import { Alert, Anchor } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { publicPaths } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatWait } from "../../i18n/format-wait.ts";
import type { AuthFailure } from "../../lib/auth-failures.ts";

interface AuthFailureAlertProps {
  failure: AuthFailure;
  /** From the Retry-After header of a 429. */
  retryAfterSeconds?: number | undefined;
  /** The phone the sign-up link should carry over (account not found). */
  signUpState?: unknown;
  /** Which field the refusal is about, from the API's `fields` (account exists: "phone" or "email"). */
  field?: string | undefined;
  /** The code went to an email address (account not found then explains that only a verified email signs in). */
  byEmail?: boolean | undefined;
}

/** The message (and way forward) for a failed code request, verification or registration. */
export function AuthFailureAlert({ failure, retryAfterSeconds, signUpState, field, byEmail }: AuthFailureAlertProps) {
  const { t, i18n } = useTranslation("auth");
  let text: string;
  let action: ReactNode = null;
  switch (failure) {
    case "rateLimited":
      text =
        retryAfterSeconds === undefined
          ? t("failures.rateLimited")
          : t("failures.rateLimitedFor", { when: formatWait(retryAfterSeconds, i18n.resolvedLanguage ?? "en") });
      break;
    case "accountNotFound":
      text = byEmail ? t("failures.emailNotFound") : t("failures.accountNotFound");
      action = (
        <Anchor component={Link} to={publicPaths.signup} state={signUpState} fw={600} inherit>
          {t("failures.createAccount")}
        </Anchor>
      );
      break;
    case "accountExists":
      text = field === "email" ? t("failures.emailExists") : t("failures.accountExists");
      action = (
        <Anchor component={Link} to={publicPaths.signin} fw={600} inherit>
          {t("failures.signInInstead")}
        </Anchor>
      );
      break;
    case "emailTaken":
      text = t("failures.emailTaken");
      break;
    case "otpInvalid":
      text = t("failures.otpInvalid");
      break;
    case "smsCountryNotAllowed":
      text = t("failures.smsCountryNotAllowed");
      break;
    case "signatureInvalid":
      text = t("failures.signatureInvalid");
      break;
    case "invalidInput":
      text = t("failures.invalidInput");
      break;
    case "network":
      text = t("failures.network");
      break;
    case "generic":
      text = t("failures.generic");
      break;
  }
  return (
    <Alert variant="light" color="red" icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}>
      {text}
      {action ? <> {action}</> : null}
    </Alert>
  );
}
