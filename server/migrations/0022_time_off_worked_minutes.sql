-- The minutes worked a timesheet approval approved (the period's total as the
-- timesheet showed it), kept with the approval: its entries are locked while
-- it stands, and accrual per hours worked reads them for every person at once
-- instead of rebuilding each approved period's timesheet. Null for approvals
-- made before this column: recomputing a ledger fills them in.
alter table timesheet_approvals
  add column worked_minutes integer check (worked_minutes >= 0);
