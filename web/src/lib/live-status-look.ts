import {
  IconAlarm,
  IconCalendarTime,
  IconCircleCheck,
  IconClockPlay,
  IconClockQuestion,
  IconCoffee,
  IconUserX,
} from "@tabler/icons-react";
import type { LiveStatus } from "@workshift/contracts";

/**
 * Each live status's colour (a Mantine palette name) and icon: the time clock's
 * cards and rows and the overview's counts use the same, so a count reads like
 * the list it opens.
 */
export const statusLook: Record<LiveStatus, { color: string; icon: typeof IconAlarm }> = {
  late: { color: "red", icon: IconAlarm },
  absent: { color: "grape", icon: IconUserX },
  working: { color: "green", icon: IconClockPlay },
  unscheduled: { color: "teal", icon: IconClockQuestion },
  on_break: { color: "yellow", icon: IconCoffee },
  scheduled: { color: "blue", icon: IconCalendarTime },
  done: { color: "gray", icon: IconCircleCheck },
};
