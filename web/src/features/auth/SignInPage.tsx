import { Button, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { publicPaths } from "@workshift/contracts";
import { type FormEvent, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AuthCard } from "../../components/AuthCard/AuthCard.tsx";
import { checkPhoneValueAsync } from "../../components/PhoneInput/load-phone-rules.ts";
import { PhoneInput } from "../../components/PhoneInput/PhoneInput.tsx";
import {
  apiPhone,
  DEFAULT_PHONE_VALUE,
  type PhoneValue,
  phoneProblemKey,
} from "../../components/PhoneInput/phone-value.ts";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import type { CodeRequestResult } from "../../lib/code-request.ts";
import { resendAvailableAt } from "../../lib/countdown.ts";
import type { Destination } from "../../lib/destination.ts";
import { type ProblemCode, problemCodeOf } from "../../lib/problem-text.ts";
import { emailProblem, normalizeEmail } from "./email.ts";
import { AuthFailureAlert, loadAuthApi, preloadAuthApi } from "./lazy-auth.ts";
import { MethodToggle } from "./MethodToggle.tsx";
import { loadPendingCode, type PendingCode, savePendingCode } from "./pending-code.ts";

type Method = "phone" | "email";

interface SignInValues {
  method: Method;
  phone: PhoneValue;
  email: string;
}

type SignInErrors = Partial<Record<"phone" | "email", string>>;

/** Back from the code screen: the form shows what was sent last time. */
function initialValues(): SignInValues {
  const pending = loadPendingCode();
  if (pending?.mode === "signin" && "email" in pending.destination) {
    return { method: "email", phone: DEFAULT_PHONE_VALUE, email: pending.destination.email };
  }
  return { method: "phone", phone: DEFAULT_PHONE_VALUE, email: "" };
}

/** /signin (spec §2): a phone number or an email, then a one-time code on /otpscreen. */
export function SignInPage() {
  const { t } = useTranslation("auth");
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const phoneRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<{ code: ProblemCode; retryAfterSeconds?: number } | null>(null);

  // One field at a time: plain state is enough here (and keeps the form library off this page).
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<SignInErrors>({});
  const { method } = values;

  const sendCode = useMutation({
    mutationFn: async (destination: Destination) => (await loadAuthApi()).requestCode(destination),
  });

  const destinationOrErrors = async (values: SignInValues): Promise<Destination | null> => {
    if (values.method === "email") {
      const problem = emailProblem(values.email);
      if (!problem) return { email: normalizeEmail(values.email) };
      setErrors({ email: problem });
      emailRef.current?.focus();
      return null;
    }
    const check = await checkPhoneValueAsync(values.phone);
    const phone = apiPhone(check);
    if (check.valid && phone) return { phone };
    setErrors({ phone: phoneProblemKey(check.problem ?? "invalid") });
    phoneRef.current?.focus();
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sendCode.isPending) return;
    setFailure(null);
    setErrors({});
    let destination: Destination | null;
    try {
      destination = await destinationOrErrors(values);
    } catch (error) {
      console.warn("The phone rules failed to load", error);
      setFailure({ code: "network" });
      return;
    }
    if (!destination) return;

    const result: CodeRequestResult = await sendCode.mutateAsync(destination).catch((error: unknown) => ({
      ok: false as const,
      error,
    }));
    if (result.ok) {
      const pending: PendingCode = { mode: "signin", destination, resendAt: resendAvailableAt(Date.now()) };
      savePendingCode(pending);
      navigate(publicPaths.otp, { state: pending });
      return;
    }
    const code = problemCodeOf(result.error);
    if (code === "validation_failed") {
      setErrors(method === "phone" ? { phone: "account.invalidPhoneNumber" } : { email: "account.invalidEmailFormat" });
      return;
    }
    setFailure({
      code,
      ...(result.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: result.retryAfterSeconds }),
    });
  };

  return (
    <AuthCard
      title={t("signin.title")}
      subtitle={t("signin.subtitle")}
      switchTo={{ question: t("signin.noAccount"), label: t("signin.createAccount"), to: publicPaths.signup }}
    >
      <form onSubmit={submit} noValidate onFocus={preloadAuthApi}>
        <Stack gap="lg">
          <MethodToggle<Method>
            legend={t("signin.methodLabel")}
            value={method}
            onChange={(next) => {
              setValues((current) => ({ ...current, method: next }));
              setErrors({});
              setFailure(null);
            }}
            options={[
              { value: "phone", label: t("signin.usePhone") },
              { value: "email", label: t("signin.useEmail") },
            ]}
          />
          {method === "phone" ? (
            <PhoneInput
              label={t("fields.phone")}
              value={values.phone}
              inputRef={phoneRef}
              required
              error={fieldMessage(errors.phone)}
              onChange={(phone) => {
                setValues((current) => ({ ...current, phone }));
                setErrors({});
              }}
            />
          ) : (
            <TextInput
              ref={emailRef}
              type="email"
              size="md"
              dir="ltr"
              autoComplete="email"
              inputMode="email"
              label={t("fields.email")}
              placeholder={t("fields.emailPlaceholder")}
              required
              value={values.email}
              onChange={(event) => {
                const email = event.currentTarget.value;
                setValues((current) => ({ ...current, email }));
                setErrors({});
              }}
              error={fieldMessage(errors.email)}
            />
          )}
          {failure ? (
            <Suspense fallback={null}>
              <AuthFailureAlert failure={failure.code} retryAfterSeconds={failure.retryAfterSeconds} />
            </Suspense>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={sendCode.isPending}>
            {t("signin.submit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
