import { Button, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { publicPaths } from "@workshift/contracts";
import { type FormEvent, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { AuthCard } from "../../components/AuthCard/AuthCard.tsx";
import {
  checkPhoneValueAsync,
  loadPhoneRules,
  phoneRulesIfLoaded,
} from "../../components/PhoneInput/load-phone-rules.ts";
import { PhoneInput } from "../../components/PhoneInput/PhoneInput.tsx";
import { apiPhone, DEFAULT_PHONE_VALUE, phoneProblemKey } from "../../components/PhoneInput/phone-value.ts";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import type { CodeRequestResult } from "../../lib/code-request.ts";
import { resendAvailableAt } from "../../lib/countdown.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { type ProblemCode, problemCodeOf } from "../../lib/problem-text.ts";
import { AuthFailureAlert, loadAuthApi, preloadAuthApi } from "./lazy-auth.ts";
import { loadPendingCode, type PendingCode, type SignUpDraft, savePendingCode } from "./pending-code.ts";
import classes from "./SignUpPage.module.css";
import { signUpFormSchema } from "./signup-schema.ts";

const emptyDraft: SignUpDraft = {
  first_name: "",
  last_name: "",
  email: "",
  company_name: "",
  phone: DEFAULT_PHONE_VALUE,
};

/** Back from the code screen the form is as it was. */
function initialDraft(): SignUpDraft {
  const pending = loadPendingCode();
  return pending?.mode === "signup" ? pending.draft : emptyDraft;
}

/** From "no account with this phone yet" on the code screen: the phone (API digits) to start with. */
function carriedPhone(state: unknown): string | undefined {
  const phone = (state as { phone?: unknown } | null)?.phone;
  return typeof phone === "string" && phone !== "" ? phone : undefined;
}

/** /signup: the person, their phone (the code goes there), an optional email and the company's name. */
export function SignUpPage() {
  const { t } = useTranslation("auth");
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<{ code: ProblemCode; retryAfterSeconds?: number } | null>(null);

  const form = useForm<SignUpDraft>({
    mode: "controlled",
    initialValues: initialDraft(),
    validate: schemaResolver(signUpFormSchema, { sync: true }),
    validateInputOnBlur: ["first_name", "last_name", "email", "company_name"],
  });

  const phoneFromSignIn = carriedPhone(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the phone carried over
  useEffect(() => {
    if (!phoneFromSignIn) return;
    loadPhoneRules().then(
      (rules) => {
        const phone = rules.phoneValueFromApi(phoneFromSignIn);
        if (phone) form.setFieldValue("phone", phone);
      },
      () => {},
    );
  }, [phoneFromSignIn]);

  const sendCode = useMutation({
    mutationFn: async (phone: string) => (await loadAuthApi()).requestCode({ phone }),
  });

  const checkPhoneOnBlur = () => {
    const rules = phoneRulesIfLoaded();
    if (!rules || form.values.phone.national === "") return;
    const check = rules.checkPhoneValue(form.values.phone);
    if (check.problem) form.setFieldError("phone", phoneProblemKey(check.problem));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sendCode.isPending) return;
    setFailure(null);
    const fields = form.validate();
    let phone: string | null = null;
    try {
      const check = await checkPhoneValueAsync(form.values.phone);
      phone = apiPhone(check);
      if (!check.valid || !phone) form.setFieldError("phone", phoneProblemKey(check.problem ?? "invalid"));
    } catch (error) {
      console.warn("The phone rules failed to load", error);
      setFailure({ code: "network" });
      return;
    }
    if (fields.hasErrors || !phone) {
      focusFirstError(formRef.current);
      return;
    }

    const result: CodeRequestResult = await sendCode.mutateAsync(phone).catch((error: unknown) => ({
      ok: false as const,
      error,
    }));
    if (result.ok) {
      const pending: PendingCode = {
        mode: "signup",
        destination: { phone },
        draft: form.values,
        resendAt: resendAvailableAt(Date.now()),
      };
      savePendingCode(pending);
      navigate(publicPaths.otp, { state: pending });
      return;
    }
    const code = problemCodeOf(result.error);
    if (code === "sms_country_not_allowed") {
      form.setFieldError("phone", "phone.countryNotAllowed");
      focusFirstError(formRef.current);
      return;
    }
    if (code === "validation_failed") {
      form.setFieldError("phone", apiFieldErrors(result.error).phone ?? "account.invalidPhoneNumber");
      focusFirstError(formRef.current);
      return;
    }
    setFailure({
      code,
      ...(result.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: result.retryAfterSeconds }),
    });
  };

  const text = (field: "first_name" | "last_name" | "email" | "company_name") => {
    const props = form.getInputProps(field);
    return { ...props, error: fieldMessage(props.error) };
  };

  return (
    <AuthCard
      title={t("signup.title")}
      subtitle={t("signup.subtitle")}
      switchTo={{ question: t("signup.haveAccount"), label: t("signup.signIn"), to: publicPaths.signin }}
    >
      <form ref={formRef} onSubmit={submit} noValidate onFocus={preloadAuthApi}>
        <Stack gap="lg">
          <div className={classes.names}>
            <TextInput
              size="md"
              label={t("fields.firstName")}
              autoComplete="given-name"
              required
              {...text("first_name")}
            />
            <TextInput
              size="md"
              label={t("fields.lastName")}
              autoComplete="family-name"
              required
              {...text("last_name")}
            />
          </div>
          <PhoneInput
            label={t("fields.phone")}
            description={t("signup.phoneHint")}
            value={form.values.phone}
            required
            error={fieldMessage(form.errors.phone)}
            onChange={(value) => {
              form.setFieldValue("phone", value);
              form.clearFieldError("phone");
            }}
            onBlur={checkPhoneOnBlur}
          />
          <TextInput
            size="md"
            type="email"
            dir="ltr"
            inputMode="email"
            autoComplete="email"
            label={t("fields.emailOptional")}
            placeholder={t("fields.emailPlaceholder")}
            {...text("email")}
          />
          <TextInput
            size="md"
            label={t("fields.companyName")}
            autoComplete="organization"
            required
            {...text("company_name")}
          />
          {failure ? (
            <Suspense fallback={null}>
              <AuthFailureAlert failure={failure.code} retryAfterSeconds={failure.retryAfterSeconds} />
            </Suspense>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={sendCode.isPending}>
            {t("signup.submit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
