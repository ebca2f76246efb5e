import { Paper, Title } from "@mantine/core";
import { publicPaths, type SessionResponse } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router";
import classes from "../../components/AuthCard/AuthCard.module.css";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { OtpForm } from "../../components/OtpForm/OtpForm.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { destinationValue } from "../../lib/destination.ts";
import { homePathForRole } from "../../lib/home-path.ts";
import { register, requestCode, verifyCode } from "./auth-api.ts";
import { clearPendingCode, loadPendingCode, type PendingCode, savePendingCode, toPendingCode } from "./pending-code.ts";

/**
 * /otpscreen (spec §2): checks the code of the sign-in or sign-up that sent the
 * person here (router state, or sessionStorage after a reload); then both
 * tokens are saved and the organization is chosen (a new owner's is the
 * company they just created). The last digit sends the code by itself.
 */
export function OtpPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const [pending, setPending] = useState<PendingCode | null>(
    // sessionStorage first: it follows every resend, while the history entry keeps the state it was opened with.
    () => loadPendingCode() ?? toPendingCode(location.state),
  );

  useEffect(() => {
    if (pending) savePendingCode(pending);
  }, [pending]);

  if (!pending) return <Navigate to={publicPaths.signin} replace />;

  const verify = (otp: string): Promise<SessionResponse> =>
    pending.mode === "signup"
      ? register(pending.draft, pending.destination.phone, otp)
      : verifyCode(pending.destination, otp);

  const onVerified = (session: SessionResponse) => {
    clearPendingCode();
    acceptSession(session);
    // A sign-up's session is already in the new company; a sign-in chooses (or goes straight into its only one).
    const role = session.user.role;
    navigate(role === null ? publicPaths.selectOrganization : homePathForRole(role), { replace: true });
  };

  // "No account with this phone yet": the sign-up form starts with that phone.
  const signUpState =
    pending.mode === "signin" && "phone" in pending.destination ? { phone: pending.destination.phone } : undefined;

  return (
    <Paper withBorder radius="lg" shadow="sm" className={classes.card} component="section">
      <DocumentTitle page={t("otpScreen.title")} />
      <OtpForm
        destination={destinationValue(pending.destination)}
        verify={verify}
        onVerified={onVerified}
        resend={() => requestCode(pending.destination)}
        resendAt={pending.resendAt}
        onResendAtChange={(resendAt) => setPending({ ...pending, resendAt })}
        onBack={() => navigate(pending.mode === "signup" ? publicPaths.signup : publicPaths.signin)}
        signUpState={signUpState}
        heading={(id) => (
          <Title order={1} id={id} className={classes.title} mb={6}>
            {t("otpScreen.title")}
          </Title>
        )}
      />
    </Paper>
  );
}
