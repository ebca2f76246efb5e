import { Alert, Anchor, Button, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@workshift/contracts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthFailureAlert } from "../../components/AuthFailureAlert/AuthFailureAlert.tsx";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { OtpModal } from "../../components/OtpForm/OtpModal.tsx";
import { loadPhoneRules } from "../../components/PhoneInput/load-phone-rules.ts";
import { PhoneInput } from "../../components/PhoneInput/PhoneInput.tsx";
import { apiPhone, DEFAULT_PHONE_VALUE } from "../../components/PhoneInput/phone-value.ts";
import { apiErrorBody, apiFieldErrors, httpStatusOf } from "../../lib/api-error.ts";
import { meQueryKey, useAuth } from "../../lib/auth-context.ts";
import { requestCode } from "../../lib/code-request.ts";
import { resendAvailableAt } from "../../lib/countdown.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { type ProblemCode, problemCodeOf } from "../../lib/problem-text.ts";
import { AccountLanguageField } from "./AccountLanguageField.tsx";
import {
  type AccountBody,
  type AccountValues,
  accountBody,
  accountFormSchema,
  accountValuesFrom,
  phoneError,
  placeAccountError,
} from "./account-form.ts";
import { isDirty } from "./dirty.ts";
import { EmailVerificationStatus, useEmailVerification } from "./EmailVerification.tsx";
import classes from "./SettingsSheet.module.css";
import { updateAccount, verifyNewPhone } from "./settings-api.ts";
import { useSettingsMessage } from "./use-settings-message.ts";

type PhoneRules = Awaited<ReturnType<typeof loadPhoneRules>>;

export interface TabFormProps {
  onDirtyChange(dirty: boolean): void;
  onSaved(): void;
}

/** The Account tab: waits for the phone rules (they split the stored phone for the input), then the form. */
export function AccountTab({ onInnerModal, ...props }: TabFormProps & { onInnerModal(open: boolean): void }) {
  const { t } = useTranslation("settings");
  const { user } = useAuth();
  const [rules, setRules] = useState<PhoneRules | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (rules) return;
    let current = true;
    loadPhoneRules().then(
      (loaded) => current && setRules(loaded),
      (error: unknown) => {
        console.error("The phone rules failed to load", error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [rules]);

  if (failed) {
    return (
      <Alert variant="light" color="red" icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}>
        {t("loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => setFailed(false)}>
          {t("retry")}
        </Anchor>
      </Alert>
    );
  }
  if (!user || !rules) return <LoadingDots layout="section" />;
  return <AccountForm user={user} rules={rules} onInnerModal={onInnerModal} {...props} />;
}

interface AccountFormProps extends TabFormProps {
  user: User;
  rules: PhoneRules;
  onInnerModal(open: boolean): void;
}

function AccountForm({ user, rules, onDirtyChange, onSaved, onInnerModal }: AccountFormProps) {
  const { t } = useTranslation(["settings", "auth"]);
  const message = useSettingsMessage();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [loaded] = useState<AccountValues>(() =>
    accountValuesFrom(user, (user.phone ? rules.phoneValueFromApi(user.phone) : null) ?? DEFAULT_PHONE_VALUE),
  );
  const form = useForm<AccountValues>({
    mode: "controlled",
    initialValues: loaded,
    validate: schemaResolver(accountFormSchema, { sync: true }),
    validateInputOnBlur: ["first_name", "last_name", "email"],
  });

  // Spec §4: after the new phone is verified, a flag lets the save proceed (until the phone changes again).
  const [verifiedPhone, setVerifiedPhone] = useState<string | null>(null);
  const [codeFor, setCodeFor] = useState<string | null>(null);
  // The last code sent: asking again within the resend countdown reopens the code entry instead of sending.
  const [lastSent, setLastSent] = useState<{ phone: string; at: number } | null>(null);
  const waiting = useRef<AccountBody | null>(null);
  const [sendingCode, setSendingCode] = useState(false);
  const [emailCodeOpen, setEmailCodeOpen] = useState(false);
  const [failure, setFailure] = useState<{ code: ProblemCode; retryAfterSeconds?: number } | "save" | null>(null);

  const dirty = isDirty(loaded, form.values);
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  useEffect(() => {
    onInnerModal(codeFor !== null || emailCodeOpen);
  }, [codeFor, emailCodeOpen, onInnerModal]);

  const save = useMutation({
    mutationFn: updateAccount,
    onSuccess: (updated) => {
      queryClient.setQueryData(meQueryKey, updated);
      onSaved();
    },
    onError: (error) => {
      const placed = placeAccountError(httpStatusOf(error), apiErrorBody(error));
      for (const [field, text] of Object.entries(placed.fields)) form.setFieldError(field, text);
      if (placed.fields.phone === "account.phoneNotVerified") setVerifiedPhone(null);
      if (placed.general) setFailure("save");
      focusFirstError(formRef.current);
    },
  });

  const emailVerification = useEmailVerification(user, setEmailCodeOpen);
  const busy = save.isPending || sendingCode || emailVerification.sending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const fields = form.validate();
    const check = rules.checkPhoneValue(form.values.phone);
    const problem = phoneError(form.values.phone, check);
    if (problem) form.setFieldError("phone", problem);
    const phone = apiPhone(check);
    if (fields.hasErrors || problem || !phone) {
      focusFirstError(formRef.current);
      return;
    }
    const body = accountBody(accountFormSchema.parse(form.values), phone);

    if (phone === user.phone || phone === verifiedPhone) {
      save.mutate(body);
      return;
    }
    // A new phone: send a code to it and let the person prove it first (spec §4).
    waiting.current = body;
    if (lastSent?.phone === phone && resendAvailableAt(lastSent.at) > Date.now()) {
      setCodeFor(phone);
      return;
    }
    setSendingCode(true);
    const sent = await requestCode({ phone });
    setSendingCode(false);
    if (sent.ok) {
      setLastSent({ phone, at: Date.now() });
      setCodeFor(phone);
      return;
    }
    waiting.current = null;
    const code = problemCodeOf(sent.error);
    if (code === "sms_country_not_allowed") {
      form.setFieldError("phone", "phone.countryNotAllowed");
    } else if (code === "validation_failed") {
      form.setFieldError("phone", apiFieldErrors(sent.error).phone ?? "account.invalidPhoneNumber");
    } else {
      setFailure({
        code,
        ...(sent.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: sent.retryAfterSeconds }),
      });
      return;
    }
    focusFirstError(formRef.current);
  };

  const closeCode = () => {
    setCodeFor(null);
    waiting.current = null;
  };

  const text = (field: "first_name" | "last_name" | "email") => {
    const props = form.getInputProps(field);
    return { ...props, error: message(props.error) };
  };

  return (
    <>
      {/* Outside the form: the code form's submit must not bubble (through the portal) into this one. */}
      <OtpModal
        opened={codeFor !== null}
        onClose={closeCode}
        destination={codeFor ?? ""}
        sentAt={lastSent?.at}
        resend={async () => {
          const result = await requestCode({ phone: codeFor ?? "" });
          if (result.ok && codeFor) setLastSent({ phone: codeFor, at: Date.now() });
          return result;
        }}
        verify={(otp) => verifyNewPhone(codeFor ?? "", otp)}
        onVerified={() => {
          const body = waiting.current;
          setVerifiedPhone(codeFor);
          closeCode();
          if (body) save.mutate(body);
        }}
      />
      {emailVerification.modal}
      <form ref={formRef} onSubmit={submit} noValidate className={classes.form}>
        <Text c="dimmed">{t("account.intro")}</Text>
        <div className={classes.pair}>
          <TextInput
            size="md"
            label={t("account.firstName")}
            autoComplete="given-name"
            required
            readOnly={busy}
            {...text("first_name")}
          />
          <TextInput
            size="md"
            label={t("account.lastName")}
            autoComplete="family-name"
            required
            readOnly={busy}
            {...text("last_name")}
          />
        </div>
        <div className={classes.field}>
          <TextInput
            size="md"
            type="email"
            dir="ltr"
            inputMode="email"
            autoComplete="email"
            label={t("account.email")}
            placeholder={t("account.emailPlaceholder")}
            readOnly={busy}
            {...text("email")}
            // Spec §5: the email is shown lowercased.
            onBlur={(event) => {
              form.setFieldValue("email", event.currentTarget.value.trim().toLowerCase());
              form.getInputProps("email").onBlur?.(event);
            }}
          />
          <EmailVerificationStatus
            user={user}
            editedEmail={form.values.email}
            disabled={busy}
            verification={emailVerification}
          />
        </div>
        <PhoneInput
          label={t("account.phone")}
          description={t("account.phoneHint")}
          value={form.values.phone}
          required
          disabled={busy}
          error={message(form.errors.phone)}
          onChange={(value) => {
            form.setFieldValue("phone", value);
            form.clearFieldError("phone");
          }}
        />
        <AccountLanguageField disabled={busy} />
        {failure === "save" ? (
          <ErrorAlert>{t("saveFailed")}</ErrorAlert>
        ) : failure ? (
          <AuthFailureAlert failure={failure.code} retryAfterSeconds={failure.retryAfterSeconds} />
        ) : null}
        <div className={classes.footer}>
          <Button type="submit" size="md" loading={busy}>
            {t("save")}
          </Button>
        </div>
      </form>
    </>
  );
}
