-- The week's nearby shifts (the board's people's other shifts in the days
-- around the week, week.ts) are one range of the organization's shifts by
-- time. Through shifts_person_time they were one index descent per person
-- (2,000 on a big board); with many organizations in the database, row-level
-- security makes the planner expect a few dozen rows for any tenant, and it
-- kept the descents even where reading the range is far cheaper.
create index shifts_time on shifts (organization_id, starts_at) where deleted_at is null;
