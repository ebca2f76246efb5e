-- A board's day for one job, live shifts only: what the requests inbox counts
-- for every shift a request would move (coverage). Led by the job, one range
-- scan reads that job's shifts of the day instead of every shift on the board
-- that day (at 2,000 people, seven of every eight rows were read to be dropped).
create index shifts_board_job_time on shifts (organization_id, job_scheduler_id, job_id, starts_at)
  where deleted_at is null;
