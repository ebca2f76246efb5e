import { Anchor, Button, CopyButton, Group, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { IconCalendarPlus, IconCheck, IconCopy } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarFeedResponse } from "@workshift/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { problemCodeOf } from "../../lib/problem-text.ts";
import { MyCard } from "./MyCard.tsx";
import classes from "./MySchedule.module.css";
import { createCalendarFeed, deleteCalendarFeed, fetchCalendarFeed, myKeys, webcalUrl } from "./my-api.ts";
import { dateOfInstant } from "./my-format.ts";

type Confirming = "replace" | "off" | null;

/**
 * The personal calendar feed: a secret URL that Google, Apple or Outlook
 * calendars subscribe to. The URL is shown once, when it is made (only its
 * hash is kept); after that the card only says it is on, and offers a new
 * one (the old one stops working) or turning it off.
 */
export function CalendarFeed({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation("my");
  const queryClient = useQueryClient();
  const key = myKeys.calendarFeed(organizationId);
  const feed = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchCalendarFeed(signal) });
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refusal = (error: unknown, fallback: "calendar.createFailed" | "calendar.turnOffFailed") => {
    if (problemCodeOf(error) === "forbidden") return t("calendar.forbidden");
    console.error("The calendar link could not be changed", error);
    return t(fallback);
  };

  const create = useMutation({
    mutationFn: createCalendarFeed,
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      setCreatedUrl(answer.url);
      // The cache never keeps the secret: only that it is on.
      queryClient.setQueryData<CalendarFeedResponse>(key, { ...answer, url: null });
      setConfirming(null);
    },
    onError: (error) => setFailure(refusal(error, "calendar.createFailed")),
  });
  const turnOff = useMutation({
    mutationFn: deleteCalendarFeed,
    onMutate: () => setFailure(null),
    onSuccess: () => {
      setCreatedUrl(null);
      queryClient.setQueryData<CalendarFeedResponse>(key, { url: null, active: false, created_at: null });
      setConfirming(null);
    },
    onError: (error) => setFailure(refusal(error, "calendar.turnOffFailed")),
  });
  const busy = create.isPending || turnOff.isPending;
  const dismiss = () => {
    setConfirming(null);
    setFailure(null);
  };
  const ask = (what: Confirming) => {
    setFailure(null);
    setConfirming(what);
  };

  let content: ReactNode;
  if (feed.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={t("calendar.loading")}>
        <Skeleton height={16} radius="sm" />
        <Skeleton height={16} width="70%" radius="sm" />
        <Skeleton height={36} width="12rem" radius="md" />
      </Stack>
    );
  } else if (feed.isError) {
    content = (
      <ErrorAlert>
        {t("calendar.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void feed.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (createdUrl) {
    content = (
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={t("calendar.urlLabel")}
            value={createdUrl}
            readOnly
            dir="ltr"
            className={classes.urlInput}
            data-testid="my-calendar-url"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={createdUrl} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? "light" : "filled"}
                color={copied ? "teal" : undefined}
                leftSection={
                  copied ? (
                    <IconCheck size={16} stroke={2} aria-hidden="true" />
                  ) : (
                    <IconCopy size={16} stroke={1.75} aria-hidden="true" />
                  )
                }
                onClick={copy}
                className={classes.copy}
              >
                {copied ? t("calendar.copied") : t("calendar.copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("calendar.secretNote")}
        </Text>
        <Text size="sm">{t("calendar.howTo")}</Text>
        <Group gap="sm">
          <Button
            component="a"
            href={webcalUrl(createdUrl)}
            variant="light"
            leftSection={<IconCalendarPlus size={18} stroke={1.75} aria-hidden="true" />}
          >
            {t("calendar.open")}
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setCreatedUrl(null)}>
            {t("calendar.done")}
          </Button>
        </Group>
      </Stack>
    );
  } else if (feed.data.active) {
    content = (
      <Stack gap="sm">
        <Text>
          {feed.data.created_at
            ? t("calendar.active", { date: dateOfInstant(feed.data.created_at, i18n.language) })
            : t("calendar.activeUndated")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("calendar.lostHint")}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => ask("replace")} disabled={busy}>
            {t("calendar.replace")}
          </Button>
          <Button variant="subtle" color="red" onClick={() => ask("off")} disabled={busy}>
            {t("calendar.turnOff")}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          {t("calendar.intro")}
        </Text>
        <Button
          leftSection={<IconCalendarPlus size={18} stroke={1.75} aria-hidden="true" />}
          loading={create.isPending}
          onClick={() => create.mutate()}
        >
          {t("calendar.create")}
        </Button>
      </Stack>
    );
  }

  return (
    <MyCard title={t("calendar.title")} data-testid="my-calendar-feed">
      {content}
      {failure && confirming === null ? <ErrorAlert mt="sm">{failure}</ErrorAlert> : null}
      <ConfirmDialog
        opened={confirming === "replace"}
        title={t("calendar.replaceTitle")}
        message={t("calendar.replaceMessage")}
        confirmLabel={t("calendar.replaceConfirm")}
        cancelLabel={t("calendar.cancel")}
        loading={create.isPending}
        failure={failure}
        onConfirm={() => create.mutate()}
        onCancel={dismiss}
      />
      <ConfirmDialog
        opened={confirming === "off"}
        title={t("calendar.turnOffTitle")}
        message={t("calendar.turnOffMessage")}
        confirmLabel={t("calendar.turnOffConfirm")}
        cancelLabel={t("calendar.cancel")}
        danger
        loading={turnOff.isPending}
        failure={failure}
        onConfirm={() => turnOff.mutate()}
        onCancel={dismiss}
      />
    </MyCard>
  );
}
