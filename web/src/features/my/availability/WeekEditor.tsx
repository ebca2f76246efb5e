import { ActionIcon, Button, Checkbox, NativeSelect, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { AVAILABILITY_WINDOWS_MAX } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { weekdayNames } from "../../../lib/weekdays.ts";
import classes from "./Availability.module.css";
import {
  countWindows,
  newWindow,
  orderedWeekdays,
  type WeekDraft,
  type WeeklyKind,
  type WindowDraft,
} from "./availability-pattern.ts";
import { useOrganizationWeekStart } from "./use-week-start.ts";

/**
 * A week of windows, day by day in the reader's week order: each window
 * unavailable or preferred, the whole day or from–to. An empty day is a day
 * I can work.
 */
export function WeekEditor({
  week,
  problems,
  onChange,
}: {
  week: WeekDraft;
  problems: Record<string, string>;
  onChange(week: WeekDraft): void;
}) {
  const { t, i18n } = useTranslation("my");
  const message = useFieldMessage();
  const names = weekdayNames(i18n.language);
  const weekStart = useOrganizationWeekStart();
  const full = countWindows(week) >= AVAILABILITY_WINDOWS_MAX;

  const setDay = (weekday: number, windows: WindowDraft[]) =>
    onChange(week.map((day, index) => (index === weekday ? windows : day)));
  const update = (weekday: number, at: number, change: Partial<WindowDraft>) =>
    setDay(
      weekday,
      (week[weekday] ?? []).map((window, index) => (index === at ? { ...window, ...change } : window)),
    );

  return (
    <Stack gap="sm">
      {orderedWeekdays(weekStart).map((weekday) => {
        const day = week[weekday] ?? [];
        const name = names[weekday] ?? "";
        return (
          <fieldset key={weekday} className={classes.day} data-testid={`my-availability-day-${weekday}`}>
            <legend className={classes.dayName}>{name}</legend>
            {day.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("availability.editor.free")}
              </Text>
            ) : null}
            {day.map((window, index) => {
              const at = `${weekday}.${index}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity of their own; the index is their place in the day
                <div key={index} className={classes.window}>
                  <NativeSelect
                    className={classes.kind}
                    label={t("availability.editor.kind")}
                    value={window.kind}
                    data={[
                      { value: "unavailable", label: t("availability.kinds.unavailable") },
                      { value: "prefer", label: t("availability.kinds.prefer") },
                    ]}
                    onChange={(event) => update(weekday, index, { kind: event.currentTarget.value as WeeklyKind })}
                  />
                  <Checkbox
                    className={classes.wholeDay}
                    label={t("availability.editor.wholeDay")}
                    checked={window.wholeDay}
                    onChange={(event) => update(weekday, index, { wholeDay: event.currentTarget.checked })}
                  />
                  {window.wholeDay ? null : (
                    <>
                      <TextInput
                        className={classes.time}
                        type="time"
                        label={t("availability.editor.from")}
                        value={window.start}
                        error={message(problems[`${at}.start`])}
                        onChange={(event) => update(weekday, index, { start: event.currentTarget.value })}
                      />
                      <TextInput
                        className={classes.time}
                        type="time"
                        label={t("availability.editor.to")}
                        value={window.end}
                        error={message(problems[`${at}.end`])}
                        onChange={(event) => update(weekday, index, { end: event.currentTarget.value })}
                      />
                    </>
                  )}
                  <Tooltip label={t("availability.editor.remove", { day: name })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={44}
                      aria-label={t("availability.editor.remove", { day: name })}
                      onClick={() =>
                        setDay(
                          weekday,
                          day.filter((_, other) => other !== index),
                        )
                      }
                    >
                      <IconTrash size={20} stroke={1.75} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </div>
              );
            })}
            <Button
              variant="subtle"
              size="sm"
              mt={4}
              leftSection={<IconPlus size={16} stroke={1.75} aria-hidden="true" />}
              disabled={full}
              aria-label={t("availability.editor.addOn", { day: name })}
              onClick={() => setDay(weekday, [...day, newWindow()])}
            >
              {t("availability.editor.add")}
            </Button>
          </fieldset>
        );
      })}
      {problems.windows ? (
        <Text c="red.8" size="sm" role="alert">
          {message(problems.windows)}
        </Text>
      ) : null}
    </Stack>
  );
}
