import type { ColumnType, Generated, GeneratedAlways } from "kysely";

/**
 * Kysely's view of the tables the migrations create. Keep it in step with
 * server/migrations: a typecheck failure here is how a drift shows up.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (now()). */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface OrganizationsTable {
  id: Generated<string>;
  title: string;
  employee_count: string | null;
  industry: string | null;
  country_code: string | null;
  address: string | null;
  zip_code: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface JobSchedulersTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  time_zone: Generated<string>;
  week_start: Generated<number>;
  is_archived: Generated<boolean>;
  min_rest_minutes: Generated<number>;
  daily_limit_minutes: Generated<number>;
  weekly_limit_minutes: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface PhoneVerificationsTable {
  user_id: string;
  phone: string;
  verified_at: DefaultTimestamp;
}

export interface OrganizationSettingsTable {
  organization_id: string;
  time_zone: Generated<string>;
  week_start: Generated<number>;
  /** ISO 4217, uppercase (migration 0014). */
  currency: Generated<string>;
  /** The time clock's settings (migration 0015; contracts' TimeClockSettings). */
  pay_period: Generated<string>;
  pay_period_anchor: Generated<string>;
  overtime_weekly_minutes: number | null;
  overtime_daily_minutes: number | null;
  overtime_multiplier: Generated<string>;
  rounding_minutes: Generated<number>;
  early_minutes: Generated<number>;
  early_policy: Generated<string>;
  location_policy: Generated<string>;
  open_limit_minutes: Generated<number>;
  late_after_minutes: Generated<number>;
  /** Which requests need a manager (migration 0020; contracts' RequestSettings). */
  claim_needs_approval: Generated<boolean>;
  cover_needs_approval: Generated<boolean>;
  swap_needs_approval: Generated<boolean>;
  swap_same_job_auto: Generated<boolean>;
  request_deadline_hours: Generated<number>;
  availability_needs_approval: Generated<boolean>;
  /** Time off (migration 0021; contracts' TimeOffSettings). */
  time_off_day_minutes: Generated<number>;
  weekend_days: Generated<number[]>;
  blocked_dates_policy: Generated<string>;
  leave_scheduling_policy: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  checksum: string;
  applied_at: DefaultTimestamp;
}

export interface UsersTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  /** Null until the person proved the address with a code; only a verified email signs in. */
  email_verified_at: NullableTimestamp;
  language: Generated<string>;
  /** The language is the person's own (chosen, or from their browser); false: a guess (the inviter's). */
  language_chosen: Generated<boolean>;
  color: string;
  is_platform_admin: Generated<boolean>;
  /** The organization the person last entered (migration 0023): the picker marks it. */
  last_organization_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface MembershipsTable {
  /** The person's id in the organization (migration 0019): person_id(organization_id, user_id), generated. */
  id: GeneratedAlways<string>;
  organization_id: string;
  user_id: string;
  role: "OWNER" | "SUPERVISOR" | "EMPLOYEE";
  permissions: Generated<string[]>;
  status: Generated<"invited" | "active" | "archived">;
  /** numeric(10,2): read back as a string such as "12.50". */
  hourly_rate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  invited_by: string | null;
  archived_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** What the inviting organization typed, kept until the person activates (0012); names set = not activated yet. */
  invited_first_name: ColumnType<string | null, string | null | undefined, string | null>;
  invited_last_name: ColumnType<string | null, string | null | undefined, string | null>;
  invited_phone: ColumnType<string | null, string | null | undefined, string | null>;
  invited_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The start (hire) date policies accrue from (0021); null: the day the membership was made. */
  started_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The person's usual day in minutes (0021); null: the organization's. */
  day_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** The person's employee (payroll) id as typed (0024): unique in the organization when set. */
  employee_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface JobsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  color: string;
  description: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  radius_m: number | null;
  /** IANA zone; null means the organization's. */
  time_zone: string | null;
  /** numeric(10,2): read back as a string such as "12.50". */
  hourly_rate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  is_archived: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface MembershipJobsTable {
  organization_id: string;
  user_id: string;
  job_id: string;
}

export interface JobSchedulerJobsTable {
  organization_id: string;
  job_scheduler_id: string;
  job_id: string;
}

export interface JobSchedulerMembersTable {
  organization_id: string;
  job_scheduler_id: string;
  user_id: string;
}

export interface InvitationsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  token_hash: string;
  invited_by: string | null;
  channel: "sms" | "email";
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface OtpChallengesTable {
  id: Generated<string>;
  destination: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  /** What the code is for (0011): it is tried only for that. */
  purpose: Generated<"sign_in" | "email_verification" | "phone_verification" | "invitation">;
}

export interface OtpDestinationsTable {
  destination: string;
  consecutive_failures: Generated<number>;
  locked_until: NullableTimestamp;
}

/** Consecutive wrong tries of one requester address at one destination, and its lock (0011). */
export interface OtpGuessersTable {
  destination: string;
  ip: string;
  consecutive_failures: Generated<number>;
  locked_until: NullableTimestamp;
}

export interface OtpSendsTable {
  id: Generated<string>;
  destination: string;
  ip: string;
  sent_at: DefaultTimestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  organization_id: string | null;
  token_hash: string;
  family_expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  organization_id: string;
  actor_user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  /** Why, where one is asked for (migration 0015). */
  reason: string | null;
  created_at: DefaultTimestamp;
}

/** Messages waiting for delivery or delivered (server/src/delivery). Not a tenant table. */
export interface OutboxMessagesTable {
  id: Generated<string>;
  /** bigint identity: the order messages were written in. */
  seq: Generated<string>;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  body: string | null;
  code: string | null;
  language: string;
  /** expired: dropped undelivered once `expires_at` passed (migration 0010). */
  status: Generated<"pending" | "sending" | "sent" | "failed" | "expired">;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  /** Past this the message is no longer worth sending (a sign-in code's expiry); null: never (0010). */
  expires_at: Generated<Date | null>;
}

/** A shift as drafted; published_* is what people last saw (all null while a draft). */
export interface ShiftsTable {
  id: Generated<string>;
  organization_id: string;
  job_scheduler_id: string;
  user_id: string | null;
  job_id: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  break_minutes: Generated<number>;
  note: string | null;
  version: Generated<number>;
  deleted_at: NullableTimestamp;
  published_at: NullableTimestamp;
  published_user_id: string | null;
  published_job_id: string | null;
  published_starts_at: NullableTimestamp;
  published_ends_at: NullableTimestamp;
  published_break_minutes: number | null;
  published_note: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** One shift of a template, as wall clock from the week's first day in the board's zone. */
export interface TemplateShift {
  day: number;
  start: string;
  minutes: number;
  break_minutes: number;
  user_id: string | null;
  job_id: string | null;
  note: string | null;
}

export interface ScheduleTemplatesTable {
  id: Generated<string>;
  organization_id: string;
  job_scheduler_id: string;
  name: string;
  shifts: ColumnType<TemplateShift[], string, string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface CalendarFeedsTable {
  organization_id: string;
  user_id: string;
  token_hash: string;
  created_at: DefaultTimestamp;
}

/** A break within a time entry, as stored in time_entries.breaks. */
export interface StoredBreak {
  starts_at: string;
  ends_at: string | null;
}

/** One clock-in to its clock-out (null while clocked in), with its breaks (migration 0015). */
export interface TimeEntriesTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  job_id: string | null;
  shift_id: string | null;
  clock_in_at: Timestamp;
  clock_out_at: NullableTimestamp;
  breaks: Generated<StoredBreak[] | string>;
  source: "punch" | "manager";
  note: string | null;
  reviewed_at: NullableTimestamp;
  version: Generated<number>;
  deleted_at: NullableTimestamp;
  created_by: string | null;
  updated_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A punch as it arrived, kept once per device id (migration 0015). */
export interface TimePunchesTable {
  organization_id: string;
  user_id: string;
  id: string;
  kind: string;
  happened_at: Timestamp;
  received_at: DefaultTimestamp;
  time_entry_id: string | null;
  job_id: string | null;
  shift_id: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  warnings: Generated<unknown>;
}

/** A punch the server refused, kept for the manager (migration 0016). */
export interface TimePunchRefusalsTable {
  organization_id: string;
  user_id: string;
  id: string;
  kind: string;
  happened_at: Timestamp;
  received_at: DefaultTimestamp;
  reason: string;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
}

/** A person's approved pay period (migration 0015). */
export interface TimesheetApprovalsTable {
  organization_id: string;
  user_id: string;
  period_start: string;
  period_end: string;
  approved_by: string | null;
  approved_at: DefaultTimestamp;
  /** The minutes worked it approved (0022); null for approvals made before that column. */
  worked_minutes: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Requests (migration 0020): one row whatever the kind; `details` by kind (requests/records.ts). */
export interface RequestsTable {
  id: Generated<string>;
  organization_id: string;
  kind: string;
  status: string;
  author_id: string;
  shift_id: string | null;
  other_shift_id: string | null;
  to_user_id: string | null;
  taker_id: string | null;
  accepted_at: NullableTimestamp;
  entry_id: string | null;
  board_id: string | null;
  job_id: string | null;
  day: string;
  details: ColumnType<unknown, string | undefined, string>;
  note: string | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  decision_reason: string | null;
  automatic: Generated<boolean>;
  refusal_reason: string | null;
  closed_code: string | null;
  /** time_off, time_off_cancel (0021): the leave type; a cancellation's approved time off; the last day. */
  leave_type_id: ColumnType<string | null, string | null | undefined, string | null>;
  cancels_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  ends_on: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Availability in force (migration 0020): a weekly window or one date's exception. */
export interface AvailabilityRulesTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  kind: string;
  weekday: number | null;
  day: string | null;
  start_minute: number | null;
  end_minute: number | null;
  effective_from: string | null;
  effective_until: string | null;
  note: string | null;
  request_id: string | null;
  created_at: DefaultTimestamp;
}

export interface Tables {
  organizations: OrganizationsTable;
  organization_settings: OrganizationSettingsTable;
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  otp_challenges: OtpChallengesTable;
  otp_destinations: OtpDestinationsTable;
  otp_guessers: OtpGuessersTable;
  otp_sends: OtpSendsTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  job_schedulers: JobSchedulersTable;
  jobs: JobsTable;
  membership_jobs: MembershipJobsTable;
  job_scheduler_jobs: JobSchedulerJobsTable;
  job_scheduler_members: JobSchedulerMembersTable;
  invitations: InvitationsTable;
  phone_verifications: PhoneVerificationsTable;
  // Delivery tables (outbox) are added below this line by the delivery feature.
  outbox_messages: OutboxMessagesTable;
  shifts: ShiftsTable;
  schedule_templates: ScheduleTemplatesTable;
  calendar_feeds: CalendarFeedsTable;
  time_entries: TimeEntriesTable;
  time_punches: TimePunchesTable;
  time_punch_refusals: TimePunchRefusalsTable;
  timesheet_approvals: TimesheetApprovalsTable;
  requests: RequestsTable;
  availability_rules: AvailabilityRulesTable;
  leave_types: LeaveTypesTable;
  leave_policies: LeavePoliciesTable;
  leave_assignments: LeaveAssignmentsTable;
  time_off_days: TimeOffDaysTable;
  leave_ledger: LeaveLedgerTable;
  leave_balances: LeaveBalancesTable;
  holidays: HolidaysTable;
  time_off_blocks: TimeOffBlocksTable;
  time_off_job_limits: TimeOffJobLimitsTable;
}

/** Leave types (migration 0021). */
export interface LeaveTypesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  color: string;
  paid: boolean;
  position: Generated<number>;
  archived_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** How a balance grows (migration 0021; contracts' LeavePolicy). Amounts in minutes. */
export interface LeavePoliciesTable {
  id: Generated<string>;
  organization_id: string;
  leave_type_id: string;
  name: string;
  accrual: string;
  amount_minutes: Generated<number>;
  per_worked_minutes: number | null;
  reset_month: Generated<number>;
  reset_day: Generated<number>;
  prorate: Generated<boolean>;
  max_balance_minutes: number | null;
  carryover_max_minutes: number | null;
  waiting_days: Generated<number>;
  negative_allowance_minutes: Generated<number>;
  archived_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface LeaveAssignmentsTable {
  organization_id: string;
  user_id: string;
  leave_type_id: string;
  policy_id: string;
  assigned_at: DefaultTimestamp;
}

/** The days of a time-off request (migration 0021). */
export interface TimeOffDaysTable {
  organization_id: string;
  request_id: string;
  user_id: string;
  day: string;
  minutes: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

/** Every change to a balance (migration 0021). */
export interface LeaveLedgerTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  leave_type_id: string;
  kind: string;
  minutes: number;
  effective_on: string;
  request_id: string | null;
  period_start: string | null;
  reason: string | null;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface LeaveBalancesTable {
  organization_id: string;
  user_id: string;
  leave_type_id: string;
  balance_minutes: number;
  computed_on: string;
}

export interface HolidaysTable {
  id: Generated<string>;
  organization_id: string;
  day: string;
  name: string;
  created_at: DefaultTimestamp;
}

export interface TimeOffBlocksTable {
  id: Generated<string>;
  organization_id: string;
  board_id: string | null;
  starts_on: string;
  ends_on: string;
  reason: string;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface TimeOffJobLimitsTable {
  organization_id: string;
  job_id: string;
  max_off: number;
}
