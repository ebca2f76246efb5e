import {
  IconBeach,
  IconBriefcase,
  IconCalendarTime,
  IconClock,
  IconInbox,
  IconLayoutDashboard,
  IconUsers,
} from "@tabler/icons-react";
import type { NavItem } from "../../lib/navigation.ts";

/** One drawing per sidebar item; a page shows the icon of the item it belongs to. */
export const navIcons: Record<NavItem, typeof IconUsers> = {
  overview: IconLayoutDashboard,
  users: IconUsers,
  jobs: IconBriefcase,
  timeClock: IconClock,
  jobScheduling: IconCalendarTime,
  timeOff: IconBeach,
  request: IconInbox,
};
