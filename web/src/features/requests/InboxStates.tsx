import { Anchor, Button, Skeleton, Text, Title } from "@mantine/core";
import { IconFilterOff, IconInbox, IconMoodSmile, IconUserQuestion } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import layout from "../../components/AdminPage/AdminPage.module.css";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import classes from "./Requests.module.css";

/** The list's shape while the first page loads: a few cards' worth of placeholders, announced once. */
export function InboxSkeleton() {
  const { t } = useTranslation("requests");
  return (
    <div className={classes.skeleton} role="status" aria-label={t("loading")} data-testid="requests-loading">
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={index} className={classes.card}>
          <div className={classes.content} style={{ gridColumn: "1 / -1" }}>
            <Skeleton height={20} width="55%" radius="sm" />
            <Skeleton height={14} width="35%" radius="sm" />
            <div className={classes.columns}>
              <Skeleton height={72} radius="md" />
              <Skeleton height={96} radius="md" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The list could not be read: why, and a way to try again. */
export function InboxError({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation("requests");
  return (
    <ErrorAlert title={t("errors.loadFailedTitle")}>
      {message}{" "}
      <Anchor component="button" type="button" inherit fw={600} onClick={onRetry}>
        {t("errors.retry")}
      </Anchor>
    </ErrorAlert>
  );
}

type EmptyKind = "nothingWaits" | "noMatch" | "noHistory" | "noKinds";

const icons = {
  nothingWaits: IconMoodSmile,
  noMatch: IconFilterOff,
  noHistory: IconInbox,
  noKinds: IconUserQuestion,
} as const;

/**
 * What an empty list means: nothing waits (the good news), nothing matches
 * the filters (with a way to clear them), no history yet, or a manager who
 * decides no kind of request (and who could change that).
 */
export function InboxEmpty({ kind, onClear }: { kind: EmptyKind; onClear?: (() => void) | undefined }) {
  const { t } = useTranslation("requests");
  const titleId = useId();
  const Icon = icons[kind];
  return (
    <section className={layout.empty} aria-labelledby={titleId} data-testid={`requests-empty-${kind}`}>
      <span className={layout.emptyIcon} aria-hidden="true">
        <Icon size={30} stroke={1.6} />
      </span>
      <Title order={2} id={titleId} className={layout.emptyTitle}>
        {t(`empty.${kind}.title`)}
      </Title>
      <Text c="dimmed" className={layout.emptyMessage}>
        {t(`empty.${kind}.message`)}
      </Text>
      {onClear ? (
        <Button variant="light" onClick={onClear}>
          {t("filters.clear")}
        </Button>
      ) : null}
    </section>
  );
}
