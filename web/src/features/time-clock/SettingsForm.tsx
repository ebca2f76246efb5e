import { Anchor, Button, Group, Skeleton, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { TimeClockSettings } from "@workshift/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { SettingsFields } from "./SettingsFields.tsx";
import { type SettingsFormValues, settingsFormValues, settingsUpdateBody } from "./settings-form.ts";
import { useClockSettings, useSaveClockSettings } from "./use-clock-settings.ts";

interface SettingsFormProps {
  onDirtyChange(dirty: boolean): void;
  onCancel(): void;
  onSaved(): void;
}

/** The settings form once the settings are read: a placeholder meanwhile, a retry if they could not be. */
export function SettingsLoader(props: SettingsFormProps) {
  const { t } = useTranslation("timeClock");
  const query = useClockSettings();
  if (query.isError) {
    return (
      <ErrorAlert title={t("settings.loadFailed")}>
        {t("errors.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void query.refetch()}>
          {t("errors.retry")}
        </Anchor>
      </ErrorAlert>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="md" role="status" aria-label={t("settings.loading")}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} height={52} radius="sm" />
        ))}
      </Stack>
    );
  }
  return <SettingsForm loaded={query.data} {...props} />;
}

function SettingsForm({ loaded, onDirtyChange, onCancel, onSaved }: SettingsFormProps & { loaded: TimeClockSettings }) {
  const { t } = useTranslation("timeClock");
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<SettingsFormValues>({ mode: "controlled", initialValues: settingsFormValues(loaded) });
  const changes = settingsUpdateBody(loaded, form.values);
  const dirty = Object.keys(changes).length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const { save, submit, failure } = useSaveClockSettings({ loaded, form, dirty, formRef, onSaved });

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="time-clock-settings">
      <Stack gap="lg">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}

        <SettingsFields form={form} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t("editor.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            {t("settings.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
