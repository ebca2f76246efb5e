/** The balances tab's reads and writes (shapes in the contracts' time-off.ts). */
import type { BalancesResponse, LedgerAdjust, LedgerResponse, TeamBalancesResponse } from "@workshift/contracts";
import { api } from "../../../lib/api.ts";

export const balanceKeys = {
  team: (leaveTypeId: string, boardId: string | null) => ["timeOff", "balances", leaveTypeId, boardId] as const,
  person: (userId: string) => ["timeOff", "person", userId, "balances"] as const,
  ledger: (userId: string, leaveTypeId: string) => ["timeOff", "person", userId, "ledger", leaveTypeId] as const,
};

const id = (value: string) => encodeURIComponent(value);

/** GET /api/time-off/balances: everyone's balance for one type (of one board, or everyone). */
export function fetchTeamBalances(leaveTypeId: string, boardId: string | null): Promise<TeamBalancesResponse> {
  const params: Record<string, string> = { leave_type_id: leaveTypeId };
  if (boardId) params.board_id = boardId;
  return api.get<TeamBalancesResponse>("/api/time-off/balances", { params });
}

export const fetchPersonBalances = (userId: string) =>
  api.get<BalancesResponse>(`/api/time-off/people/${id(userId)}/balances`);

export const fetchLedger = (userId: string, leaveTypeId: string) =>
  api.get<LedgerResponse>(`/api/time-off/people/${id(userId)}/ledger`, { params: { leave_type_id: leaveTypeId } });

export const adjustBalance = (body: LedgerAdjust) =>
  api.post<LedgerResponse, LedgerAdjust>("/api/time-off/adjustments", body);

export const updatePerson = (userId: string, body: { started_on?: string | null; day_minutes?: number | null }) =>
  api.patch<BalancesResponse, typeof body>(`/api/time-off/people/${id(userId)}`, body);
