import { Radio, Stack } from "@mantine/core";
import { type TimeOffShiftAction, timeOffShiftActions } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/RadioIndicator.layer.css";

interface ShiftsChoiceProps {
  value: TimeOffShiftAction | null;
  onChange(value: TimeOffShiftAction): void;
  /** How many published shifts the time off overlaps. */
  count: number;
  /** Shown under the choices (nothing was chosen when approving was tried). */
  error?: string | null | undefined;
}

/**
 * What approving time off does to the published shifts it overlaps: make them
 * open shifts, keep them, or remove them. No default: the manager chooses,
 * and approving without a choice is refused (time_off_shifts_choice).
 */
export function ShiftsChoice({ value, onChange, count, error }: ShiftsChoiceProps) {
  const { t } = useTranslation("requests");
  return (
    <Radio.Group
      value={value}
      onChange={(next) => {
        if ((timeOffShiftActions as readonly string[]).includes(next)) onChange(next as TimeOffShiftAction);
      }}
      label={t("timeOff.shifts.choiceLabel", { count })}
      description={t("timeOff.shifts.choiceHint")}
      error={error || undefined}
      withAsterisk
      data-testid="time-off-shifts-choice"
    >
      <Stack gap="xs" mt="xs">
        {timeOffShiftActions.map((action) => (
          <Radio key={action} value={action} label={t(`timeOff.shifts.${action}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
