import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { OutboxMessage } from "@workshift/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { Ltr } from "../../components/Ltr/Ltr.tsx";
import { NotFoundPage } from "../../components/NotFoundPage/NotFoundPage.tsx";
import { httpStatusOf } from "../../lib/api-error.ts";
import classes from "./OutboxPage.module.css";
import { newestFirst } from "./outbox.ts";
import { fetchOutbox } from "./outbox-api.ts";

const REFRESH_EVERY_MS = 3000;

/**
 * /dev/outbox: the texts and emails the server "sent" in development, newest
 * first, with the code large enough to read at a glance. Only Vite's dev
 * server has this page (no build routes to it); a server without the dev
 * outbox answers 404, and then this is the not-found page.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation("dev");
  const headingId = useId();
  const outbox = useQuery({
    queryKey: ["dev", "outbox"],
    queryFn: fetchOutbox,
    refetchInterval: (query) => (httpStatusOf(query.state.error) === 404 ? false : REFRESH_EVERY_MS),
    retry: false,
  });

  const missing = httpStatusOf(outbox.error) === 404;
  if (missing && !import.meta.env.DEV) return <NotFoundPage />;
  if (outbox.isPending && !import.meta.env.DEV) return <LoadingDots layout="section" />;

  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "medium" });
  const messages = newestFirst(outbox.data ?? []);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" shadow="sm" className={classes.card}>
      <DocumentTitle page={t("outbox.title")} />
      <meta name="robots" content="noindex" />
      <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
        <div>
          <Title order={1} id={headingId} size="h2">
            {t("outbox.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("outbox.subtitle", { seconds: REFRESH_EVERY_MS / 1000 })}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} stroke={1.75} aria-hidden="true" />}
          loading={outbox.isFetching && !outbox.isPending}
          onClick={() => void outbox.refetch()}
        >
          {t("outbox.refresh")}
        </Button>
      </Group>
      {outbox.isError ? (
        <Alert
          variant="light"
          color="red"
          mb="md"
          icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
        >
          {missing ? t("outbox.unavailable") : t("outbox.loadFailed")}
        </Alert>
      ) : null}
      {outbox.isPending ? (
        <LoadingDots layout="section" />
      ) : messages.length === 0 ? (
        <Text c="dimmed">{t("outbox.empty")}</Text>
      ) : (
        <Stack gap="sm" component="ol" className={classes.list} aria-live="polite">
          {messages.map((message) => (
            <OutboxItem key={`${message.sent_at}-${message.to}`} message={message} sentAt={time} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function OutboxItem({ message, sentAt }: { message: OutboxMessage; sentAt: Intl.DateTimeFormat }) {
  const { t } = useTranslation("dev");
  const when = new Date(message.sent_at);
  return (
    <li className={classes.message}>
      {message.code ? (
        <span className={classes.code} dir="ltr">
          <VisuallyHidden>{t("outbox.code")} </VisuallyHidden>
          {message.code}
        </span>
      ) : null}
      <div className={classes.meta}>
        <Badge variant="light" color={message.channel === "sms" ? "brand" : "grape"}>
          {t(`outbox.channel.${message.channel}`)}
        </Badge>
        <Ltr className={classes.to}>{message.to}</Ltr>
        <Text span size="xs" c="dimmed">
          <time dateTime={message.sent_at}>{Number.isNaN(when.getTime()) ? message.sent_at : sentAt.format(when)}</time>
        </Text>
      </div>
      <div className={classes.body} dir="auto">
        {message.body}
      </div>
    </li>
  );
}
