/** The time-off settings' reads and writes (shapes in the contracts' time-off.ts). Each resolves to the answer's body. */
import type {
  Holiday,
  LeaveAssign,
  LeavePolicy,
  LeavePolicyInput,
  LeaveType,
  LeaveTypeInput,
  TimeOffSettings,
  TimeOffSetupResponse,
} from "@workshift/contracts";
import { api } from "../../../lib/api.ts";

/** Every time-off query starts with "timeOff" (the calendar's too), so one invalidation refreshes settings, balances and the calendar, and a decision made elsewhere refreshes the balances. */
export const setupKeys = {
  all: ["timeOff"] as const,
  setup: ["timeOff", "setup"] as const,
  holidays: (year: number) => ["timeOff", "holidays", year] as const,
};

const id = (value: string) => encodeURIComponent(value);

export const fetchSetup = () => api.get<TimeOffSetupResponse>("/api/time-off/setup");

export async function createLeaveType(body: LeaveTypeInput): Promise<LeaveType> {
  return (await api.post<{ leave_type: LeaveType }, LeaveTypeInput>("/api/time-off/types", body)).leave_type;
}
export async function updateLeaveType(
  typeId: string,
  body: Partial<LeaveTypeInput> & { archived?: boolean },
): Promise<LeaveType> {
  return (await api.patch<{ leave_type: LeaveType }, typeof body>(`/api/time-off/types/${id(typeId)}`, body))
    .leave_type;
}

export async function createPolicy(body: LeavePolicyInput): Promise<LeavePolicy> {
  return (await api.post<{ policy: LeavePolicy }, LeavePolicyInput>("/api/time-off/policies", body)).policy;
}
export async function updatePolicy(
  policyId: string,
  body: Partial<Omit<LeavePolicyInput, "leave_type_id">> & { archived?: boolean },
): Promise<LeavePolicy> {
  return (await api.patch<{ policy: LeavePolicy }, typeof body>(`/api/time-off/policies/${id(policyId)}`, body)).policy;
}

export async function assignPolicy(body: LeaveAssign): Promise<number> {
  return (await api.post<{ assigned: number }, LeaveAssign>("/api/time-off/assignments", body)).assigned;
}

export interface HolidaysAnswer {
  holidays: Holiday[];
  country: string | null;
}
export const fetchHolidays = (year: number) => api.get<HolidaysAnswer>("/api/time-off/holidays", { params: { year } });
export const loadHolidays = (year: number) =>
  api.post<HolidaysAnswer, { year: number }>("/api/time-off/holidays/load", { year });
export const createHoliday = (body: { day: string; name: string }) =>
  api.post<{ holiday: Holiday }, typeof body>("/api/time-off/holidays", body);
export const updateHoliday = (holidayId: string, body: { day?: string; name?: string }) =>
  api.patch<{ holiday: Holiday }, typeof body>(`/api/time-off/holidays/${id(holidayId)}`, body);
export const deleteHoliday = (holidayId: string) => api.delete<unknown>(`/api/time-off/holidays/${id(holidayId)}`);

export const createBlock = (body: { board_id: string | null; starts_on: string; ends_on: string; reason: string }) =>
  api.post<unknown, typeof body>("/api/time-off/blocks", body);
export const deleteBlock = (blockId: string) => api.delete<unknown>(`/api/time-off/blocks/${id(blockId)}`);

export const updateSettings = (body: Partial<TimeOffSettings>) =>
  api.patch<{ settings: TimeOffSettings }, typeof body>("/api/time-off/settings", body);
