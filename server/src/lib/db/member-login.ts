import { APP_ROLE } from "./app-role.ts";

/** What `memberLoginQuery` answers of the login it runs on. */
export interface LoginStanding {
  login: string;
  privileged: boolean;
  owner: boolean;
  member: boolean;
}

/**
 * Of the session's login: whether it is a superuser or bypasses row-level
 * security, whether it owns (or inherits the owner of) any of our tables,
 * and whether it is a member of the app role.
 */
export const memberLoginQuery = `select session_user as login, r.rolsuper or r.rolbypassrls as privileged,
    exists (select 1 from pg_tables where schemaname = 'public' and pg_has_role(session_user, tableowner, 'USAGE')) as owner,
    pg_has_role(session_user, '${APP_ROLE}', 'MEMBER') as member
  from pg_roles r where r.rolname = session_user`;

/**
 * Why a login may not serve pooled or replica queries, or null when it may.
 * Through a pooler in transaction mode (or on a replica) a `set role` may land
 * on another server session than the next query, so the login itself must
 * be unable to see past row-level security.
 */
export function loginProblem(standing: LoginStanding): string | null {
  if (standing.privileged) return "is a superuser or bypasses row-level security";
  if (standing.owner) return "owns the tables";
  if (!standing.member) return `is not a member of ${APP_ROLE}`;
  return null;
}
