import { Button, Modal, Stack, Text } from "@mantine/core";
import { IconCurrentLocation } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { LocationChoice } from "./clock-location.ts";

/**
 * Asked once, on the first punch checked against a job's site: why (the
 * company checks that people are at that site), before the browser's own
 * question. The answer is remembered; closing the dialog sends this punch
 * without a position and asks again next time.
 */
export function LocationConsent({
  opened,
  site,
  onAnswer,
}: {
  opened: boolean;
  /** The job whose site the punch is checked against. */
  site: string | null;
  onAnswer(choice: LocationChoice | null): void;
}) {
  const { t } = useTranslation("my");
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer(null)}
      title={t("clock.location.title")}
      centered
      radius="lg"
      size="sm"
      closeButtonProps={{ "aria-label": t("clock.location.later") }}
    >
      <Stack gap="md">
        <Text>{t("clock.location.body", { site: `\u2068${site ?? ""}\u2069` })}</Text>
        <Text size="sm" c="dimmed">
          {t("clock.location.browserNote")}
        </Text>
        <Stack gap="xs">
          <Button
            size="lg"
            fullWidth
            leftSection={<IconCurrentLocation size={20} stroke={1.75} aria-hidden="true" />}
            onClick={() => onAnswer("granted")}
            data-autofocus
            data-testid="my-clock-location-allow"
          >
            {t("clock.location.allow")}
          </Button>
          <Button
            size="lg"
            fullWidth
            variant="default"
            onClick={() => onAnswer("declined")}
            data-testid="my-clock-location-decline"
          >
            {t("clock.location.decline")}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
