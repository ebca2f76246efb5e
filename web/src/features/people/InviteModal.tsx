import { Button, Checkbox, Group, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type MemberRole, type Permission, type Person, roleTakesPermissions } from "@workshift/contracts";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { checkPhoneValueAsync } from "../../components/PhoneInput/load-phone-rules.ts";
import { PhoneInput } from "../../components/PhoneInput/PhoneInput.tsx";
import { apiPhone, DEFAULT_PHONE_VALUE, phoneProblemKey } from "../../components/PhoneInput/phone-value.ts";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { authErrorMessages } from "../../lib/auth-errors.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import classes from "./Forms.module.css";
import {
  contactProblem,
  emptyInvite,
  type InviteValues,
  inviteBody,
  inviteFields,
  inviteFormSchema,
  placeFieldErrors,
} from "./invite-form.ts";
import { ProblemAlert } from "./ProblemAlert.tsx";
import { invitePerson, peopleKeys } from "./people-api.ts";
import { assignableRoles, grantablePermissions } from "./people-rules.ts";
import { useBoards, useJobs, usePermissionTable } from "./use-people-data.ts";
import { WorkFields } from "./WorkFields.tsx";

interface InviteModalProps {
  opened: boolean;
  onClose(): void;
  onInvited(person: Person): void;
}

/** Invite one person: the modal holds a fresh form each time it opens. */
export function InviteModal({ opened, onClose, onInvited }: InviteModalProps) {
  const { t } = useTranslation("people");
  const [session, setSession] = useState(0);
  useEffect(() => {
    if (opened) setSession((value) => value + 1);
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("invite.title")}
      size="lg"
      radius="lg"
      centered={false}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
    >
      <InviteForm key={session} onCancel={onClose} onInvited={onInvited} />
    </Modal>
  );
}

function InviteForm({ onCancel, onInvited }: { onCancel(): void; onInvited(person: Person): void }) {
  const { t } = useTranslation(["people", "validation"]);
  const fieldMessage = useFieldMessage();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const table = usePermissionTable(true);
  const roles = assignableRoles(user, table.data);
  const permissions = grantablePermissions(user, table.data);
  const jobs = useJobs();
  const boards = useBoards();
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const form = useForm<InviteValues>({
    mode: "controlled",
    initialValues: emptyInvite(DEFAULT_PHONE_VALUE, roles),
    validate: schemaResolver(inviteFormSchema, { sync: true }),
    validateInputOnBlur: ["first_name", "last_name", "email", "hourly_rate"],
  });

  // The roles arrive with the server's table: an unset role takes the only or the usual one.
  const rolesKey = roles.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the allowed roles change
  useEffect(() => {
    if (form.values.role === null && roles.length > 0) {
      form.setFieldValue("role", emptyInvite(DEFAULT_PHONE_VALUE, roles).role);
    }
  }, [rolesKey]);

  const invite = useMutation({ mutationFn: invitePerson });

  const hasPhone = form.values.phone.national !== "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    setProblem(null);
    setOtherErrors([]);
    const fields = form.validate();
    let phone: string | null = null;
    let phoneBad = false;
    if (hasPhone) {
      try {
        const check = await checkPhoneValueAsync(form.values.phone);
        phone = apiPhone(check);
        if (!check.valid || !phone) {
          form.setFieldError("phone", phoneProblemKey(check.problem ?? "invalid"));
          phoneBad = true;
        }
      } catch (error) {
        console.warn("The phone rules failed to load", error);
        // The rules come from the network: failing to load them is failing to reach Workshift.
        setProblem(new Error(authErrorMessages.network, { cause: error }));
        return;
      }
    }
    const contact = contactProblem(phone !== null || phoneBad, form.values.email);
    if (contact) form.setFieldError("phone", contact);
    if (fields.hasErrors || phoneBad || contact) {
      focusFirstError(formRef.current);
      return;
    }
    const checked = inviteFormSchema.parse(form.values);
    try {
      const person = await invite.mutateAsync(inviteBody(checked, form.values, phone));
      await queryClient.invalidateQueries({ queryKey: peopleKeys.lists() });
      onInvited(person);
    } catch (error) {
      const placed = placeFieldErrors(apiFieldErrors(error), inviteFields);
      for (const [field, message] of Object.entries(placed.fields)) form.setFieldError(field, message);
      setOtherErrors(placed.other);
      if (Object.keys(placed.fields).length === 0 && placed.other.length === 0) {
        setProblem(error);
      }
      focusFirstError(formRef.current);
    }
  };

  const text = (field: "first_name" | "last_name" | "email" | "hourly_rate") => {
    const props = form.getInputProps(field);
    return { ...props, error: fieldMessage(props.error) };
  };

  const activeJobs = (jobs.data ?? []).filter((job) => !job.is_archived);
  const activeBoards = (boards.data ?? []).filter((board) => !board.is_archived);

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <div className={classes.pair}>
          <TextInput label={t("fields.firstName")} required autoComplete="off" data-autofocus {...text("first_name")} />
          <TextInput label={t("fields.lastName")} required autoComplete="off" {...text("last_name")} />
        </div>
        <PhoneInput
          label={t("fields.phone")}
          description={t("invite.contactHint")}
          value={form.values.phone}
          error={fieldMessage(form.errors.phone)}
          onChange={(value) => {
            form.setFieldValue("phone", value);
            form.clearFieldError("phone");
          }}
        />
        <TextInput
          type="email"
          dir="ltr"
          inputMode="email"
          autoComplete="off"
          label={t("fields.email")}
          placeholder={t("fields.emailPlaceholder")}
          {...text("email")}
          onChange={(event) => {
            form.getInputProps("email").onChange(event);
            form.clearFieldError("phone");
          }}
        />

        <RoleField
          roles={roles}
          value={form.values.role}
          error={fieldMessage(form.errors.role)}
          onChange={(role) => form.setFieldValue("role", role)}
        />
        {roleTakesPermissions(form.values.role) ? (
          <PermissionsField
            permissions={permissions}
            value={form.values.permissions}
            onChange={(value) => form.setFieldValue("permissions", value)}
            error={fieldMessage(form.errors.permissions)}
          />
        ) : null}

        <WorkFields
          jobs={activeJobs}
          boards={activeBoards}
          jobIds={{ ...form.getInputProps("job_ids"), error: fieldMessage(form.errors.job_ids) }}
          boardIds={{ ...form.getInputProps("board_ids"), error: fieldMessage(form.errors.board_ids) }}
          rate={text("hourly_rate")}
        />

        {otherErrors.length > 0 ? (
          <ErrorAlert>
            {otherErrors.map((message) => (
              <div key={message}>{fieldMessage(message)}</div>
            ))}
          </ErrorAlert>
        ) : null}
        {problem ? <ProblemAlert error={problem} /> : null}

        <Group justify="flex-end" gap="sm" className={classes.footer}>
          <Button variant="default" onClick={onCancel}>
            {t("actions.cancel")}
          </Button>
          <Button type="submit" loading={invite.isPending} disabled={roles.length === 0}>
            {t("invite.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface RoleFieldProps {
  roles: readonly MemberRole[];
  value: MemberRole | null;
  error?: ReactNode;
  onChange(role: MemberRole): void;
  disabled?: boolean;
}

/** The role as radio cards, each with what it means; a single allowed role is stated, not offered. */
export function RoleField({ roles, value, error, onChange, disabled }: RoleFieldProps) {
  const { t } = useTranslation("people");
  if (roles.length === 1 && roles[0] === value) {
    return (
      <div>
        <Text size="sm" fw={500} className={classes.groupLabel}>
          {t("fields.role")}
        </Text>
        <Text size="sm">
          {t(`roles.${value}`)} —{" "}
          <Text span c="dimmed" inherit>
            {t(`roleHints.${value}`)}
          </Text>
        </Text>
      </div>
    );
  }
  return (
    <Radio.Group
      label={t("fields.role")}
      value={value}
      onChange={(next) => onChange(next as MemberRole)}
      error={error}
      required
    >
      <Stack gap="xs" mt={6}>
        {roles.map((role) => (
          <Radio.Card key={role} value={role} className={classes.card} radius="md" disabled={disabled}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <div>
                <Text fw={600} size="sm">
                  {t(`roles.${role}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`roleHints.${role}`)}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

interface PermissionsFieldProps {
  permissions: readonly Permission[];
  value: Permission[];
  onChange(value: Permission[]): void;
  error?: ReactNode;
  disabled?: boolean;
}

/** A supervisor's permissions: each with its name and a one-line explanation. */
export function PermissionsField({ permissions, value, onChange, error, disabled }: PermissionsFieldProps) {
  const { t } = useTranslation("people");
  return (
    <Checkbox.Group
      label={t("fields.permissions")}
      description={t("fields.permissionsHint")}
      value={value}
      onChange={(next) => onChange(next as Permission[])}
      error={error}
    >
      <Stack gap="sm" mt="xs">
        {permissions.map((permission) => (
          <Checkbox
            key={permission}
            value={permission}
            label={t(`permissions.${permission}.label`)}
            description={t(`permissions.${permission}.hint`)}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
