import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconClockHour4, IconMapPin } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { addDays, type MyShift, todayIn } from "@workshift/contracts";
import { type CSSProperties, type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { MyCard } from "./MyCard.tsx";
import classes from "./MySchedule.module.css";
import { fetchMyShifts, myKeys } from "./my-api.ts";
import { dayHeading, hoursText, localeWeekStart, minutesText, timeOf, weekLabel } from "./my-format.ts";
import { groupMyWeek, type MyShiftItem, weekDates } from "./my-week.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * "My shifts": the person's published shifts a week at a time, day by day,
 * each read in its board's zone, with what can be done about each
 * (`actions`: give away, swap). /my's live stream reloads it, and so does the
 * window coming back into focus.
 */
export function MyShifts({
  organizationId,
  actions,
}: {
  organizationId: string;
  actions?: (shift: MyShift) => ReactNode;
}) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const [offset, setOffset] = useState(0);
  // The organization's zone and week start cut the weeks; the server applies them to the day asked
  // for. Until it has answered once, the browser's zone and the language's week start stand in
  // for the label.
  const [calendar, setCalendar] = useState<{ zone: string; weekStart: number } | null>(null);
  const today = todayIn(calendar?.zone ?? browserZone());
  const day = addDays(today, offset * 7);

  const shifts = useQuery({
    queryKey: myKeys.shifts(organizationId, day),
    queryFn: ({ signal }) => fetchMyShifts(day, signal),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
  const answeredZone = shifts.data?.time_zone;
  const answeredWeekStart = shifts.data?.week_start;
  useEffect(() => {
    if (answeredZone !== undefined && answeredWeekStart !== undefined)
      setCalendar({ zone: answeredZone, weekStart: answeredWeekStart });
  }, [answeredZone, answeredWeekStart]);
  const week = shifts.data ?? weekDates(today, calendar?.weekStart ?? localeWeekStart(language), offset);

  const grouped = useMemo(() => (shifts.data ? groupMyWeek(shifts.data.shifts, new Date()) : null), [shifts.data]);

  const range = weekLabel(week.from, week.to, language);
  const nav = (
    <div className={classes.weekNav}>
      <Tooltip label={t("shifts.previousWeek")}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("shifts.previousWeek")}
          data-testid="my-week-previous"
          onClick={() => setOffset((value) => value - 1)}
        >
          <IconChevronLeft size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
        </ActionIcon>
      </Tooltip>
      <Text fw={600} className={classes.weekLabel} aria-live="polite">
        {range}
      </Text>
      <Tooltip label={t("shifts.nextWeek")}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("shifts.nextWeek")}
          data-testid="my-week-next"
          onClick={() => setOffset((value) => value + 1)}
        >
          <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />
        </ActionIcon>
      </Tooltip>
    </div>
  );

  let content: ReactNode;
  if (shifts.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={t("shifts.loading")}>
        <Skeleton height={20} width="45%" radius="sm" />
        <Skeleton height={84} radius="md" />
        <Skeleton height={84} radius="md" />
      </Stack>
    );
  } else if (shifts.isError || !grouped) {
    content = (
      <ErrorAlert>
        {t("shifts.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void shifts.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (grouped.days.length === 0) {
    content = (
      <Text c="dimmed" className={classes.empty} data-testid="my-shifts-empty">
        {t("shifts.empty")}
      </Text>
    );
  } else {
    const zones = [...new Set(grouped.days.flatMap((day) => day.shifts.map((item) => item.shift.time_zone)))];
    const foreign = zones.filter((shiftZone) => shiftZone !== browserZone());
    content = (
      <>
        <Text size="sm" c="dimmed" className={classes.summary}>
          {t("shifts.count", { count: grouped.shiftCount })}
          {" · "}
          {t("shifts.paid", { hours: hoursText(grouped.paidMinutes, language) })}
        </Text>
        <div className={classes.days}>
          {grouped.days.map((day) => (
            <div key={day.date} className={classes.day}>
              <Title order={3} className={classes.dayHeading} aria-current={day.today ? "date" : undefined}>
                <span>{dayHeading(day.date, language)}</span>
                {day.today ? (
                  <Badge variant="filled" radius="sm" size="sm" className={classes.badge}>
                    {t("shifts.today")}
                  </Badge>
                ) : null}
              </Title>
              <ul className={classes.shiftList}>
                {day.shifts.map((item) => (
                  <ShiftItem key={item.shift.id} item={item} actions={actions?.(item.shift)} />
                ))}
              </ul>
            </div>
          ))}
        </div>
        {foreign.length > 0 ? (
          <Text size="xs" c="dimmed" mt="md">
            {t("shifts.zoneNote", { zones: foreign.join(", ") })}
          </Text>
        ) : null}
      </>
    );
  }

  return (
    <MyCard
      title={t("shifts.title")}
      data-testid="my-shifts"
      action={
        <Button variant="light" size="compact-md" disabled={offset === 0} onClick={() => setOffset(0)}>
          {t("shifts.thisWeek")}
        </Button>
      }
    >
      {nav}
      <div aria-busy={shifts.isFetching} className={classes.weekBody}>
        {content}
      </div>
    </MyCard>
  );
}

function ShiftItem({ item, actions }: { item: MyShiftItem; actions: ReactNode }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const { shift } = item;
  const zone = shift.time_zone;
  const highlight = item.timing === "now" || item.timing === "next";
  return (
    <li
      className={classes.shift}
      data-testid="my-shift"
      data-date={item.date}
      data-shift-id={shift.id}
      data-timing={item.timing}
      style={{ "--job-color": shift.job?.color ?? "var(--mantine-color-gray-4)" } as CSSProperties}
    >
      <div className={classes.shiftTop}>
        <span className={classes.time}>
          <span>
            {timeOf(shift.starts_at, zone, language)}
            {"\u2009–\u2009"}
            {timeOf(shift.ends_at, zone, language)}
          </span>
          {item.endDayOffset > 0 ? (
            <span className={classes.nextDay} title={t("shifts.endsLater", { count: item.endDayOffset })}>
              <span aria-hidden="true">{t("shifts.dayMark", { count: item.endDayOffset })}</span>
              <VisuallyHidden component="span">{t("shifts.endsLater", { count: item.endDayOffset })}</VisuallyHidden>
            </span>
          ) : null}
        </span>
        {highlight ? (
          <Badge variant="light" radius="sm" className={classes.badge}>
            {item.timing === "now" ? t("shifts.now") : t("shifts.next")}
          </Badge>
        ) : null}
      </div>
      <div className={classes.shiftMeta}>
        <span className={classes.job}>
          <span className={classes.dot} aria-hidden="true" />
          {shift.job ? shift.job.name : t("shifts.noJob")}
        </span>
        <span className={classes.board}>
          <IconMapPin size={14} stroke={1.75} aria-hidden="true" />
          {shift.board.name}
        </span>
        {shift.break_minutes > 0 ? (
          <span className={classes.break}>
            <IconClockHour4 size={14} stroke={1.75} aria-hidden="true" />
            {t("shifts.break", { duration: minutesText(shift.break_minutes, language) })}
          </span>
        ) : null}
      </div>
      {shift.note ? <p className={classes.note}>{shift.note}</p> : null}
      {actions}
    </li>
  );
}
