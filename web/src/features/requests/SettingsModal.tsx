import { Anchor, Button, Group, NumberInput, Skeleton, Stack, Switch, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { REQUEST_DEADLINE_HOURS_MAX, type RequestSettings } from "@workshift/contracts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { GuardedModal } from "../../components/GuardedModal/GuardedModal.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { focusFirstError } from "../../lib/focus-first-error.ts";
import { useProblemText } from "../../lib/problem-text.ts";
import { inboxKeys, saveRequestSettings, useRequestSettings } from "./requests-api.ts";
import {
  type RequestSettingsValues,
  sameJobRuleApplies,
  settingsChanges,
  settingsFieldErrors,
  settingsValues,
  validateRequestSettings,
} from "./settings-form.ts";

/**
 * The organization's request settings (who may change them: the access
 * table's requests.settings): which kinds wait for a manager, the deadline
 * before a shift after which giving away or swapping always does, and whether
 * availability changes wait. Saving sends only what changed; closing with
 * unsaved changes asks first.
 */
export function SettingsModal({ opened, onClose, onSaved }: { opened: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation("requests");
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={t("settings.title")}
      closeLabel={t("settings.close")}
      discardMessage={t("settings.discard")}
      radius="lg"
    >
      {(controls) => (
        <SettingsLoader
          onDirtyChange={controls.onDirtyChange}
          onCancel={controls.requestClose}
          onSaved={() => {
            controls.saved();
            onSaved();
          }}
        />
      )}
    </GuardedModal>
  );
}

interface FormProps {
  onDirtyChange(dirty: boolean): void;
  onCancel(): void;
  onSaved(): void;
}

function SettingsLoader(props: FormProps) {
  const { t } = useTranslation("requests");
  const problemText = useProblemText();
  const query = useRequestSettings();
  if (query.isError) {
    return (
      <ErrorAlert title={t("settings.loadFailed")}>
        {problemText(query.error, { logAs: "The request settings could not be read" })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void query.refetch()}>
          {t("errors.retry")}
        </Anchor>
      </ErrorAlert>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="md" role="status" aria-label={t("settings.loading")}>
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} height={48} radius="sm" />
        ))}
      </Stack>
    );
  }
  return <SettingsForm loaded={query.data} {...props} />;
}

const switches = ["claim_needs_approval", "cover_needs_approval", "swap_needs_approval"] as const;

function SettingsForm({ loaded, onDirtyChange, onCancel, onSaved }: FormProps & { loaded: RequestSettings }) {
  const { t } = useTranslation("requests");
  const fieldMessage = useFieldMessage();
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RequestSettingsValues>({ mode: "controlled", initialValues: settingsValues(loaded) });
  const changes = settingsChanges(loaded, form.values);
  const dirty = Object.keys(changes).length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: () => saveRequestSettings(settingsChanges(loaded, form.getValues())),
    onSuccess: (saved) => {
      queryClient.setQueryData(inboxKeys.settings, saved);
      onSaved();
    },
    onError: (error) => {
      const fields = settingsFieldErrors(apiFieldErrors(error));
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        focusFirstError(formRef.current);
        return;
      }
      setFailure(
        problemText(error, {
          logAs: "The request settings could not be saved",
          texts: { forbidden: t("settings.forbidden") },
        }),
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    const errors = validateRequestSettings(form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError(formRef.current);
      return;
    }
    if (!dirty) {
      onSaved();
      return;
    }
    save.mutate();
  };

  const toggle = (name: keyof RequestSettingsValues) => form.getInputProps(name, { type: "checkbox" });
  const deadline = form.getInputProps("deadline_hours");

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="request-settings">
      <Stack gap="lg">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}

        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <Text component="legend" fw={600} mb="xs">
            {t("settings.needsManager")}
          </Text>
          <Stack gap="md">
            {switches.map((name) => (
              <Switch
                key={name}
                {...toggle(name)}
                label={t(`settings.${name}.label`)}
                description={t(`settings.${name}.hint`)}
              />
            ))}
            <Switch
              {...toggle("swap_same_job_auto")}
              label={t("settings.swap_same_job_auto.label")}
              description={t("settings.swap_same_job_auto.hint")}
              disabled={!sameJobRuleApplies(form.values)}
              ms="xl"
            />
            <Switch
              {...toggle("availability_needs_approval")}
              label={t("settings.availability_needs_approval.label")}
              description={t("settings.availability_needs_approval.hint")}
            />
          </Stack>
        </fieldset>

        <NumberInput
          {...deadline}
          error={fieldMessage(deadline.error)}
          label={t("settings.deadline_hours.label")}
          description={t("settings.deadline_hours.hint")}
          suffix={t("settings.deadline_hours.suffix")}
          min={0}
          max={REQUEST_DEADLINE_HOURS_MAX}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          maw={260}
        />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t("settings.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            {t("settings.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
