import { Anchor, Badge, Button, Skeleton, Stack, Text } from "@mantine/core";
import { IconCalendarCog } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { isWaitingRequest, type Request, todayIn } from "@workshift/contracts";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";
import { MyCard } from "../MyCard.tsx";
import { myKeys } from "../my-api.ts";
import { shortDate } from "../my-format.ts";
import { statusColors } from "../requests/request-view.ts";
import classes from "./Availability.module.css";
import { AvailabilityModal } from "./AvailabilityModal.tsx";
import { fetchMyAvailability } from "./availability-api.ts";
import { upcomingExceptions, weeklyPatterns, windowsOf } from "./availability-pattern.ts";
import { ChangeSummary, WeekWindows } from "./ChangeSummary.tsx";
import { WindowText } from "./WindowText.tsx";

/**
 * My availability: the weekly pattern in force, those that start later, the
 * exceptions ahead, and the changes I asked for that wait for a manager; and
 * the way to ask for another.
 */
export function AvailabilityCard({
  organizationId,
  requests,
  editing,
  onEdit,
  onDone,
}: {
  organizationId: string;
  /** My requests (the availability ones still waiting are shown here). */
  requests: readonly Request[];
  editing: boolean;
  onEdit(open: boolean): void;
  onDone(text: string): void;
}) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const problemText = useProblemText();
  const availability = useQuery({
    queryKey: myKeys.availability(organizationId),
    queryFn: ({ signal }) => fetchMyAvailability(signal),
    staleTime: 60_000,
  });
  const [now] = useState(() => new Date());
  const today = availability.data ? todayIn(availability.data.time_zone, now) : null;
  const patterns = useMemo(
    () => (availability.data && today ? weeklyPatterns(availability.data.rules, today) : []),
    [availability.data, today],
  );
  const exceptions = useMemo(
    () => (availability.data && today ? upcomingExceptions(availability.data.rules, today) : []),
    [availability.data, today],
  );
  const waiting = requests.filter(
    (request) => request.kind === "availability" && isWaitingRequest(request.status) && request.availability,
  );

  let content: ReactNode;
  if (availability.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true" role="status" aria-label={t("availability.loading")}>
        <Skeleton height={16} width="70%" />
        <Skeleton height={16} width="55%" />
      </Stack>
    );
  } else if (availability.isError) {
    content = (
      <ErrorAlert>
        {problemText(availability.error, {
          texts: { internal: t("availability.loadFailed") },
          logAs: "My availability could not be read",
        })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void availability.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else {
    const current = patterns.find((pattern) => pattern.current);
    const later = patterns.filter((pattern) => !pattern.current);
    content = (
      <Stack gap="md">
        <section className={classes.section}>
          <h3 className={classes.sectionTitle}>{t("availability.inForce")}</h3>
          {current ? (
            <WeekWindows windows={windowsOf(current.rules)} />
          ) : (
            <p className={classes.plain}>{t("availability.alwaysAvailable")}</p>
          )}
        </section>
        {later.map((pattern) => (
          <section key={pattern.effectiveFrom ?? ""} className={classes.section}>
            <h3 className={classes.sectionTitle}>
              {t("availability.from", { date: shortDate(pattern.effectiveFrom ?? "", language) })}
            </h3>
            <WeekWindows windows={windowsOf(pattern.rules)} />
          </section>
        ))}
        {exceptions.length > 0 ? (
          <section className={classes.section}>
            <h3 className={classes.sectionTitle}>{t("availability.exceptions")}</h3>
            <dl className={classes.week}>
              {exceptions.map((rule) => (
                <div key={rule.id} className={classes.weekRow}>
                  <dt>{shortDate(rule.date ?? "", language)}</dt>
                  <dd>
                    <span className={classes.windowChip}>
                      <WindowText kind={rule.kind} start={rule.start} end={rule.end} />
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {waiting.length > 0 ? (
          <section className={classes.section} data-testid="my-availability-waiting">
            <h3 className={classes.sectionTitle}>{t("availability.waiting")}</h3>
            {waiting.map((request) =>
              request.availability ? (
                <div key={request.id}>
                  <Badge variant="light" color={statusColors[request.status]} radius="sm" tt="none" mb={4}>
                    {t(`requests.status.${request.status}`)}
                  </Badge>
                  <ChangeSummary change={request.availability} />
                </div>
              ) : null,
            )}
          </section>
        ) : null}
        <Text size="xs" c="dimmed">
          {t("availability.zoneNote", { zone: availability.data.time_zone.replaceAll("_", " ") })}
        </Text>
      </Stack>
    );
  }

  return (
    <MyCard
      title={t("availability.title")}
      data-testid="my-availability"
      action={
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconCalendarCog size={16} stroke={1.75} aria-hidden="true" />}
          disabled={!availability.isSuccess}
          onClick={() => onEdit(true)}
        >
          {t("availability.change")}
        </Button>
      }
    >
      {content}
      {editing && availability.data && today ? (
        <AvailabilityModal
          rules={availability.data.rules}
          today={today}
          zone={availability.data.time_zone}
          organizationId={organizationId}
          onClose={() => onEdit(false)}
          onDone={onDone}
        />
      ) : null}
    </MyCard>
  );
}
