import { Chip, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { SHIFT_REPEAT_MAX, type WeekResponse, weekdayOf } from "@workshift/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import classes from "./ScheduleEdit.module.css";
import { isDate, type RepeatMode, type ShiftFormValues } from "./shift-form.ts";
import { weekdayChips } from "./shift-text.ts";

/**
 * Repeat a new shift daily or on chosen weekdays until a date, with how
 * many shifts that makes. The shift's own weekday is always one of the
 * repeat's days (the first shift is on it).
 */
export function ShiftRepeatFields({
  form,
  week,
  count,
  field,
}: {
  form: UseFormReturnType<ShiftFormValues>;
  week: WeekResponse;
  /** The shifts saving makes; null while the dates are incomplete. */
  count: number | null;
  /** An input's props, its error in words. */
  field(name: keyof ShiftFormValues): ReturnType<UseFormReturnType<ShiftFormValues>["getInputProps"]>;
}) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const language = i18n.resolvedLanguage;
  const values = form.values;
  const chips = useMemo(() => weekdayChips(week.week_start, language), [week.week_start, language]);
  const ownWeekday = isDate(values.date) ? String(weekdayOf(values.date)) : null;
  const chosenWeekdays = ownWeekday ? [...new Set([...values.repeat_weekdays, ownWeekday])] : values.repeat_weekdays;

  return (
    <Stack gap="xs" className={classes.repeat}>
      <Radio.Group
        label={t("repeat.label")}
        value={values.repeat}
        onChange={(value) => form.setFieldValue("repeat", value as RepeatMode)}
      >
        <Group gap="md" mt={6}>
          <Radio value="none" label={t("repeat.none")} />
          <Radio value="daily" label={t("repeat.daily")} />
          <Radio value="weekdays" label={t("repeat.weekdays")} />
        </Group>
      </Radio.Group>
      {values.repeat === "weekdays" ? (
        <fieldset className={classes.weekdays}>
          <Text component="legend" size="sm" mb={4}>
            {t("repeat.onDays")}
          </Text>
          <Chip.Group
            multiple
            value={chosenWeekdays}
            onChange={(value) => form.setFieldValue("repeat_weekdays", value)}
          >
            <Group gap={6}>
              {chips.map((chip) => (
                <Chip
                  key={chip.value}
                  value={chip.value}
                  size="sm"
                  disabled={chip.value === ownWeekday}
                  aria-label={chip.name}
                >
                  {chip.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </fieldset>
      ) : null}
      {values.repeat !== "none" ? (
        <>
          <TextInput type="date" label={t("repeat.until")} required {...field("repeat_until")} />
          <Text size="sm" aria-live="polite" c={count !== null && count > SHIFT_REPEAT_MAX ? "red" : undefined}>
            {count === null
              ? t("repeat.countUnknown")
              : count > SHIFT_REPEAT_MAX
                ? t("repeat.tooMany", { max: SHIFT_REPEAT_MAX })
                : t("repeat.count", { count })}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
