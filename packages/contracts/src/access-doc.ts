import { type Action, type AdminPage, actionRules, pageRules } from "./access.ts";
import { adminPaths } from "./client-routes.ts";

type AnyRule = { roles: readonly string[]; supervisorWith?: string };

function cell(rule: AnyRule, role: string): string {
  if (rule.roles.includes(role)) return "yes";
  if (role === "SUPERVISOR" && rule.supervisorWith) return `with \`${rule.supervisorWith}\``;
  return "—";
}

const columns = ["OWNER", "SUPERVISOR", "EMPLOYEE", "ADMIN"];

/**
 * The access table as the manual shows it (docs/security.md), written from
 * the table itself; a test keeps the manual's copy equal to it.
 */
export function accessTableMarkdown(): string {
  const actionRows = (Object.entries(actionRules) as [Action, AnyRule & { means: string }][]).map(
    ([action, rule]) => `| \`${action}\` | ${rule.means} | ${columns.map((role) => cell(rule, role)).join(" | ")} |`,
  );
  const pageRows = (Object.entries(pageRules) as [AdminPage, AnyRule][]).map(
    ([page, rule]) => `| \`${adminPaths[page]}\` | ${columns.map((role) => cell(rule, role)).join(" | ")} |`,
  );
  return [
    `| action | what it allows | ${columns.join(" | ")} |`,
    `| --- | --- | ${columns.map(() => "---").join(" | ")} |`,
    ...actionRows,
    "",
    `| admin page (and its sidebar item) | ${columns.join(" | ")} |`,
    `| --- | ${columns.map(() => "---").join(" | ")} |`,
    ...pageRows,
  ].join("\n");
}
