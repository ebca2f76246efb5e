// PLACEHOLDER written by helper C1 so the board compiles until helper C3's month view lands: C3, replace this file.
export interface MonthOverviewProps {
  scope: string;
  month: string;
  onPickDate(date: string): void;
}

export function MonthOverview(_props: MonthOverviewProps) {
  return null;
}
