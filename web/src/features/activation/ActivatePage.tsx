import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconClockExclamation, IconLinkOff } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type InvitationView, publicPaths, type SessionResponse } from "@workshift/contracts";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import classes from "../../components/AuthCard/AuthCard.module.css";
import { AuthFailureAlert } from "../../components/AuthFailureAlert/AuthFailureAlert.tsx";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { Ltr } from "../../components/Ltr/Ltr.tsx";
import { OtpForm } from "../../components/OtpForm/OtpForm.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { resendAvailableAt } from "../../lib/countdown.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { homePathForRole } from "../../lib/home-path.ts";
import { type ProblemCode, problemCodeOf, useCodeText } from "../../lib/problem-text.ts";
import own from "./ActivatePage.module.css";
import { acceptInvitation, fetchInvitation, invitationQueryKey, sendInvitationCode } from "./activation-api.ts";
import { type LinkProblem, linkProblemOf } from "./activation-state.ts";
import { type ActivationNames, activationNamesSchema } from "./names-form.ts";

/**
 * /account/activate/:token: the invitation link. It shows the organization
 * and who invited the person; they confirm their name, get a code on the
 * phone or email the invitation names, and are in: an employee lands in /my,
 * an owner or supervisor in /admin.
 */
export function ActivatePage() {
  const { t } = useTranslation("activation");
  const { token = "" } = useParams();
  const [gone, setGone] = useState<LinkProblem | null>(null);
  const invitation = useQuery({
    queryKey: invitationQueryKey(token),
    queryFn: () => fetchInvitation(token),
    retry: (count, error) => linkProblemOf(problemCodeOf(error)) === null && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const codeText = useCodeText();

  if (gone) return <LinkProblemCard problem={gone} />;
  if (invitation.isPending) return <LoadingDots layout="section" />;
  if (invitation.isError) {
    const code = problemCodeOf(invitation.error);
    const problem = linkProblemOf(code);
    if (problem) return <LinkProblemCard problem={problem} />;
    return (
      <Paper withBorder radius="lg" shadow="sm" className={classes.card} role="alert">
        <DocumentTitle page={t("title")} />
        <Title order={1} className={classes.title} mb="xs">
          {t("loadFailedTitle")}
        </Title>
        <Text c="dimmed" mb="xl">
          {codeText(code)}
        </Text>
        <Button onClick={() => void invitation.refetch()} loading={invitation.isFetching}>
          {t("retry")}
        </Button>
      </Paper>
    );
  }
  return <Activation token={token} view={invitation.data} onGone={setGone} />;
}

function LinkProblemCard({ problem }: { problem: "invalid" | "expired" | LinkProblem }) {
  const { t } = useTranslation("activation");
  const expired = problem === "expired";
  const headingId = useId();
  const Icon = expired ? IconClockExclamation : IconLinkOff;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" shadow="sm" className={classes.card}>
      <DocumentTitle page={expired ? t("expiredTitle") : t("invalidTitle")} />
      <span className={own.problemIcon} aria-hidden="true">
        <Icon size={28} stroke={1.6} />
      </span>
      <Title order={1} id={headingId} className={classes.title} mb="xs">
        {expired ? t("expiredTitle") : t("invalidTitle")}
      </Title>
      <Text c="dimmed" mb="xl">
        {expired ? t("expired") : t("invalid")}
      </Text>
      <Text size="sm">
        {t("haveAccount")}{" "}
        <Anchor component={Link} to={publicPaths.signin} fw={600}>
          {t("signIn")}
        </Anchor>
      </Text>
    </Paper>
  );
}

interface ActivationProps {
  token: string;
  view: InvitationView;
  onGone(problem: LinkProblem): void;
}

function Activation({ token, view, onGone }: ActivationProps) {
  const { t } = useTranslation(["activation", "auth"]);
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const [names, setNames] = useState<ActivationNames | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = useId();

  const inviter = view.invited_by ? [view.invited_by.first_name, view.invited_by.last_name].join(" ").trim() : "";
  const title = t("heading", { organization: view.organization.title });

  const onVerified = (session: SessionResponse) => {
    acceptSession(session);
    navigate(homePathForRole(session.user.role ?? undefined), { replace: true });
  };

  const verify = async (otp: string) => {
    try {
      return await acceptInvitation(token, names ?? { first_name: view.first_name, last_name: view.last_name }, otp);
    } catch (error) {
      // Used or expired meanwhile (another tab, a manager's revoke): say so instead of a form that cannot work.
      const gone = linkProblemOf(problemCodeOf(error));
      if (gone) onGone(gone);
      throw error;
    }
  };

  const resend = async () => {
    const result = await sendInvitationCode(token);
    const gone = result.ok ? null : linkProblemOf(problemCodeOf(result.error));
    if (gone) onGone(gone);
    return result;
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" shadow="sm" className={classes.card}>
      <DocumentTitle page={t("title")} />
      {names ? (
        <OtpForm
          destination={view.destination}
          verify={verify}
          onVerified={onVerified}
          resend={resend}
          resendAt={resendAt}
          onResendAtChange={setResendAt}
          onBack={() => {
            setNames(null);
            setNotice(null);
          }}
          heading={(id) => (
            <>
              <Title order={1} id={headingId} className={classes.title} mb={6}>
                <span id={id}>{t("auth:otpScreen.title")}</span>
              </Title>
              {notice ? (
                <Text size="sm" c="dimmed" mb="xs">
                  {notice}
                </Text>
              ) : null}
            </>
          )}
        />
      ) : (
        <>
          <Stack gap={6} mb="xl">
            <Text size="sm" fw={600} c="brand.8" className={own.eyebrow}>
              {t("eyebrow")}
            </Text>
            <Title order={1} id={headingId} className={classes.title}>
              {title}
            </Title>
            <Text c="dimmed">
              {inviter
                ? t("invitedBy", { name: inviter, organization: view.organization.title })
                : t("invitedNoName", { organization: view.organization.title })}
            </Text>
          </Stack>
          <NamesForm
            token={token}
            view={view}
            initial={{ first_name: view.first_name, last_name: view.last_name }}
            onSent={(confirmed, sent) => {
              setNames(confirmed);
              setResendAt(sent.resendAt);
              setNotice(sent.alreadySent ? t("alreadySent") : null);
            }}
            onGone={onGone}
          />
        </>
      )}
    </Paper>
  );
}

interface NamesFormProps {
  token: string;
  view: InvitationView;
  initial: ActivationNames;
  onSent(names: ActivationNames, sent: { resendAt: number; alreadySent: boolean }): void;
  onGone(problem: LinkProblem): void;
}

/** The name as the manager typed it, to confirm or correct, and the button that sends the code. */
function NamesForm({ token, view, initial, onSent, onGone }: NamesFormProps) {
  const { t } = useTranslation(["activation", "auth"]);
  const fieldMessage = useFieldMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<{ code: ProblemCode; retryAfterSeconds?: number } | null>(null);
  const codeText = useCodeText();
  const form = useForm<ActivationNames>({
    mode: "controlled",
    initialValues: initial,
    validate: schemaResolver(activationNamesSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const send = useMutation({ mutationFn: () => sendInvitationCode(token) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setFailure(null);
    if (form.validate().hasErrors) {
      focusFirstError(formRef.current);
      return;
    }
    const confirmed = activationNamesSchema.parse(form.values);
    const result = await send.mutateAsync();
    const now = Date.now();
    if (result.ok) {
      onSent(confirmed, { resendAt: resendAvailableAt(now), alreadySent: false });
      return;
    }
    const code = problemCodeOf(result.error);
    const gone = linkProblemOf(code);
    if (gone) {
      onGone(gone);
      return;
    }
    // A code went out moments ago (a reload, a second tab): that code still works, so go on to it.
    if (code === "rate_limited" && result.retryAfterSeconds !== undefined && result.retryAfterSeconds <= 60) {
      onSent(confirmed, { resendAt: resendAvailableAt(now, result.retryAfterSeconds), alreadySent: true });
      return;
    }
    setFailure({
      code,
      ...(result.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: result.retryAfterSeconds }),
    });
  };

  const text = (field: keyof ActivationNames) => {
    const props = form.getInputProps(field);
    return { ...props, error: fieldMessage(props.error) };
  };

  const where: ReactNode = <Ltr className={own.destination}>{view.destination}</Ltr>;

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">{t("confirmName")}</Text>
        <div className={own.names}>
          <TextInput
            size="md"
            label={t("auth:fields.firstName")}
            autoComplete="given-name"
            required
            {...text("first_name")}
          />
          <TextInput
            size="md"
            label={t("auth:fields.lastName")}
            autoComplete="family-name"
            required
            {...text("last_name")}
          />
        </div>
        <Text size="sm" c="dimmed">
          {view.channel === "sms" ? t("codeBySms") : t("codeByEmail")} {where}
        </Text>
        {failure ? (
          failure.code === "internal" || failure.code === "network" ? (
            <ErrorAlert>{codeText(failure.code)}</ErrorAlert>
          ) : (
            <AuthFailureAlert failure={failure.code} retryAfterSeconds={failure.retryAfterSeconds} />
          )
        ) : null}
        <Button type="submit" size="md" fullWidth loading={send.isPending}>
          {t("sendCode")}
        </Button>
      </Stack>
    </form>
  );
}
