import {
  type InvitationChannel,
  type MemberRole,
  type MemberStatus,
  memberRoles,
  type PeopleSort,
  type Permission,
  type Person,
  roleTakesPermissions,
  supervisorPermissions,
} from "@workshift/contracts";
import { type RawBuilder, sql } from "kysely";
import { avatarColor, initialsOf } from "../auth/people.ts";
import { likePattern } from "../lib/db/search.ts";
import type { Tx } from "../lib/db/tenancy.ts";

export interface PeopleFilter {
  search?: string | undefined;
  role?: MemberRole | undefined;
  status?: MemberStatus | undefined;
  job_id?: string | undefined;
  board_id?: string | undefined;
  /** Exactly these people (GET /api/people/:id, answers after a change). */
  ids?: readonly string[] | undefined;
}

export interface PageRequest {
  sort: PeopleSort;
  page: number;
  page_size: number;
}

/**
 * What the organization sees of a person. Until they activate (the
 * membership still holds the names its inviter typed), only what this
 * organization typed: those names and contacts, never the account's own
 * name or other contacts (it may be someone's real account, or another
 * organization's invitee). After activation, their profile. Search and sort
 * use the same, so they reveal nothing more than the page does. Exported for
 * other features naming people (the schedule board): the query must alias
 * memberships as `m` and users as `u`.
 */
export const shown = {
  firstName: sql<string>`coalesce(m.invited_first_name, u.first_name)`,
  lastName: sql<string>`coalesce(m.invited_last_name, u.last_name)`,
  phone: sql<string | null>`(case when m.invited_first_name is null then u.phone else m.invited_phone end)`,
  email: sql<string | null>`(case when m.invited_first_name is null then u.email else m.invited_email end)`,
};

/** A role's rank when sorting by role: the order memberRoles lists them in (owners first). */
const roleRank = sql`array_position(array[${sql.join(memberRoles.map((role) => sql.lit(role)))}]::text[], m.role::text)`;

function orderOf(sort: PeopleSort): RawBuilder<unknown> {
  const descending = sort.startsWith("-");
  const direction = sql.raw(descending ? "desc" : "asc");
  const { firstName, lastName } = shown;
  const byName = sql`lower(${firstName}) ${direction}, lower(${lastName}) ${direction}, u.id ${direction}`;
  switch (sort.replace(/^-/, "")) {
    case "role":
      return sql`${roleRank} ${direction}, lower(${firstName}), lower(${lastName}), u.id`;
    case "status":
      return sql`case m.status when 'active' then 0 when 'invited' then 1 else 2 end ${direction}, lower(${firstName}), lower(${lastName}), u.id`;
    case "created":
      return sql`m.created_at ${direction}, u.id ${direction}`;
    default:
      return byName;
  }
}

/**
 * An invited person's colour comes from what the organization typed (the
 * colour a new account made from it gets), never from the account: an
 * existing account's own colour would tell that it exists.
 */
function shownColor(row: {
  as_typed: boolean;
  invited_phone: string | null;
  invited_email: string | null;
  color: string;
}) {
  const typed = row.invited_phone ?? row.invited_email;
  return row.as_typed && typed !== null ? avatarColor(typed) : row.color;
}

interface InvitationJson {
  channel: InvitationChannel;
  sent_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/**
 * One page of the organization's people in ONE statement: a CTE picks the
 * page (filters, order, total by a window count), then only those rows get
 * their jobs, boards (active ones), latest invitation and inviter. Archived
 * people are left out unless asked for by status (or by id).
 */
export async function loadPeople(
  tx: Tx,
  organizationId: string,
  filter: PeopleFilter,
  page: PageRequest = { sort: "name", page: 1, page_size: 50 },
  now = new Date(),
): Promise<{ people: Person[]; total: number }> {
  let picked = tx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .where("m.organization_id", "=", organizationId);
  if (filter.ids) picked = picked.where("m.user_id", "in", filter.ids.length ? [...filter.ids] : [null as never]);
  if (filter.status) picked = picked.where("m.status", "=", filter.status);
  else if (!filter.ids) picked = picked.where("m.status", "<>", "archived");
  if (filter.role) picked = picked.where("m.role", "=", filter.role);
  if (filter.job_id) {
    const jobId = filter.job_id;
    picked = picked.where((eb) =>
      eb.exists(
        eb
          .selectFrom("membership_jobs as mj")
          .select(sql`1`.as("one"))
          .whereRef("mj.organization_id", "=", "m.organization_id")
          .whereRef("mj.user_id", "=", "m.user_id")
          .where("mj.job_id", "=", jobId),
      ),
    );
  }
  if (filter.board_id) {
    const boardId = filter.board_id;
    picked = picked.where((eb) =>
      eb.exists(
        eb
          .selectFrom("job_scheduler_members as jm")
          .select(sql`1`.as("one"))
          .whereRef("jm.organization_id", "=", "m.organization_id")
          .whereRef("jm.user_id", "=", "m.user_id")
          .where("jm.job_scheduler_id", "=", boardId),
      ),
    );
  }
  const search = filter.search?.trim();
  if (search) {
    // One lower-cased text per person: "first last first email" holds both name orders.
    const pattern = likePattern(search.toLowerCase());
    const digits = search.replace(/\D/g, "");
    picked = picked.where((eb) =>
      eb.or([
        eb(
          sql`lower(${shown.firstName} || ' ' || ${shown.lastName} || ' ' || ${shown.firstName} || ' ' || coalesce(${shown.email}, ''))`,
          "like",
          pattern,
        ),
        ...(digits.length >= 3 ? [eb(shown.phone, "like", `%${digits}%`)] : []),
      ]),
    );
  }
  // Ordered and cut in the CTE (a top-N sort, not a full one), ordered again by the same keys outside.
  const order = orderOf(page.sort);
  const pageQuery = picked
    .select(["m.user_id", sql<string>`count(*) over ()`.as("total")])
    .orderBy(order)
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size);

  // The page's jobs, boards (active ones) and latest invitation: set-wise over its 50 people, not row by row.
  const rows = await tx
    .with("page", () => pageQuery)
    .with("page_jobs", (db) =>
      db
        .selectFrom("membership_jobs as mj")
        .innerJoin("jobs as j", (join) =>
          join.onRef("j.organization_id", "=", "mj.organization_id").onRef("j.id", "=", "mj.job_id"),
        )
        .where("mj.organization_id", "=", organizationId)
        .where("mj.user_id", "in", db.selectFrom("page").select("page.user_id"))
        .where("j.is_archived", "=", false)
        .groupBy("mj.user_id")
        .select(["mj.user_id", sql<string[]>`json_agg(mj.job_id order by mj.job_id)`.as("ids")]),
    )
    .with("page_boards", (db) =>
      db
        .selectFrom("job_scheduler_members as jm")
        .innerJoin("job_schedulers as b", (join) =>
          join.onRef("b.organization_id", "=", "jm.organization_id").onRef("b.id", "=", "jm.job_scheduler_id"),
        )
        .where("jm.organization_id", "=", organizationId)
        .where("jm.user_id", "in", db.selectFrom("page").select("page.user_id"))
        .where("b.is_archived", "=", false)
        .groupBy("jm.user_id")
        .select(["jm.user_id", sql<string[]>`json_agg(jm.job_scheduler_id order by jm.job_scheduler_id)`.as("ids")]),
    )
    .with("page_invitations", (db) =>
      db
        .selectFrom("invitations as i")
        .where("i.organization_id", "=", organizationId)
        .where("i.user_id", "in", db.selectFrom("page").select("page.user_id"))
        .distinctOn("i.user_id")
        .select([
          "i.user_id",
          sql<InvitationJson>`json_build_object(
            'channel', i.channel, 'sent_at', i.created_at, 'expires_at', i.expires_at,
            'accepted_at', i.accepted_at, 'revoked_at', i.revoked_at)`.as("summary"),
        ])
        .orderBy("i.user_id")
        .orderBy("i.created_at", "desc")
        .orderBy("i.id", "desc"),
    )
    .selectFrom("page")
    .innerJoin("memberships as m", (join) =>
      join.onRef("m.user_id", "=", "page.user_id").on("m.organization_id", "=", organizationId),
    )
    .innerJoin("users as u", "u.id", "page.user_id")
    .leftJoin("users as inviter", "inviter.id", "m.invited_by")
    .leftJoin("page_jobs", "page_jobs.user_id", "page.user_id")
    .leftJoin("page_boards", "page_boards.user_id", "page.user_id")
    .leftJoin("page_invitations", "page_invitations.user_id", "page.user_id")
    .select([
      "page.total",
      "u.id",
      shown.firstName.as("first_name"),
      shown.lastName.as("last_name"),
      shown.phone.as("phone"),
      shown.email.as("email"),
      "u.color",
      sql<boolean>`m.invited_first_name is not null`.as("as_typed"),
      "m.invited_phone",
      "m.invited_email",
      "m.role",
      "m.permissions",
      "m.status",
      "m.hourly_rate",
      "m.employee_id",
      "m.created_at",
      "m.archived_at",
      "inviter.id as inviter_id",
      "inviter.first_name as inviter_first_name",
      "inviter.last_name as inviter_last_name",
      "page_jobs.ids as job_ids",
      "page_boards.ids as board_ids",
      "page_invitations.summary as invitation",
    ])
    .orderBy(order)
    .execute();

  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page.page > 1) {
    // Past the last page: still say how many there are.
    const counted = await picked.select(sql<string>`count(*)`.as("n")).executeTakeFirst();
    total = Number(counted?.n ?? 0);
  }

  const people = rows.map((row): Person => {
    const invitation = row.status === "invited" && row.invitation ? row.invitation : null;
    const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
    return {
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      phone: row.phone,
      email: row.email,
      initials: initialsOf(row.first_name, row.last_name),
      color: shownColor(row),
      role: row.role,
      permissions: roleTakesPermissions(row.role)
        ? supervisorPermissions.filter((permission) => row.permissions.includes(permission))
        : ([] as Permission[]),
      status: row.status,
      hourly_rate: row.hourly_rate === null ? null : Number(row.hourly_rate),
      employee_id: row.employee_id,
      job_ids: row.job_ids ?? [],
      board_ids: row.board_ids ?? [],
      invitation: invitation && {
        channel: invitation.channel,
        sent_at: iso(invitation.sent_at) ?? "",
        expires_at: iso(invitation.expires_at) ?? "",
        live:
          invitation.accepted_at === null &&
          invitation.revoked_at === null &&
          new Date(invitation.expires_at).getTime() > now.getTime(),
        revoked: invitation.revoked_at !== null,
      },
      invited_by:
        row.inviter_id !== null
          ? { id: row.inviter_id, first_name: row.inviter_first_name ?? "", last_name: row.inviter_last_name ?? "" }
          : null,
      created_at: iso(row.created_at) ?? "",
      archived_at: iso(row.archived_at),
    };
  });
  return { people, total };
}

/** One person of the organization (any status), or undefined. */
export async function loadPerson(tx: Tx, organizationId: string, userId: string): Promise<Person | undefined> {
  const { people } = await loadPeople(tx, organizationId, { ids: [userId] }, { sort: "name", page: 1, page_size: 1 });
  return people[0];
}
