import { Badge, Text, VisuallyHidden } from "@mantine/core";
import type { MemberRole, Person } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import classes from "./People.module.css";
import type { JobRef } from "./people-api.ts";
import { invitationState } from "./people-rules.ts";

const roleColors: Record<MemberRole, string> = { OWNER: "grape", SUPERVISOR: "blue", EMPLOYEE: "gray" };

export function RoleBadge({ role }: { role: MemberRole }) {
  const { t } = useTranslation("people");
  return (
    <Badge variant="light" color={roleColors[role]} radius="sm" className={classes.badge}>
      {t(`roles.${role}`)}
    </Badge>
  );
}

/** A date in the reader's language, e.g. "12 Mar" (the year when it is not this one). */
export function useShortDate() {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const date = new Date(iso);
    const sameYear = date.getFullYear() === new Date().getFullYear();
    return new Intl.DateTimeFormat(i18n.resolvedLanguage, {
      day: "numeric",
      month: "short",
      ...(sameYear ? {} : { year: "numeric" }),
    }).format(date);
  };
}

/** Active, archived, or invited with the link's state: "Invite sent · expires 12 Mar", or expired. */
export function StatusBadge({ person, withDetail = true }: { person: Person; withDetail?: boolean }) {
  const { t } = useTranslation("people");
  const shortDate = useShortDate();
  if (person.status === "active") {
    return (
      <Badge variant="light" color="green" radius="sm" className={classes.badge}>
        {t("status.active")}
      </Badge>
    );
  }
  if (person.status === "archived") {
    return (
      <Badge variant="light" color="gray" radius="sm" className={classes.badge}>
        {t("status.archived")}
      </Badge>
    );
  }
  const state = invitationState(person.invitation);
  return (
    <span className={classes.statusInvited}>
      <Badge variant="light" color={state === "pending" ? "yellow" : "red"} radius="sm" className={classes.badge}>
        {t("status.invited")}
      </Badge>
      {withDetail ? (
        <Text span size="xs" c={state === "pending" ? "dimmed" : "red.8"} className={classes.statusDetail}>
          {state === "pending" && person.invitation
            ? t("status.inviteSent", { date: shortDate(person.invitation.expires_at) })
            : state === "revoked"
              ? t("status.inviteRevoked")
              : state === "expired"
                ? t("status.inviteExpired")
                : t("status.inviteNone")}
        </Text>
      ) : null}
    </span>
  );
}

const MAX_DOTS = 5;
const SAFE_COLOR = /^#[0-9a-f]{3,8}$/i;

/** The jobs a person can work as colour dots (names for screen readers and on hover). */
export function JobDots({ jobIds, jobs }: { jobIds: readonly string[]; jobs: readonly JobRef[] | undefined }) {
  const { t, i18n } = useTranslation("people");
  const known = (jobs ?? []).filter((job) => jobIds.includes(job.id));
  if (known.length === 0) {
    return (
      <Text span size="sm" c="dimmed">
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{t("row.noJobs")}</VisuallyHidden>
      </Text>
    );
  }
  const names = new Intl.ListFormat(i18n.resolvedLanguage, { type: "conjunction" }).format(known.map((j) => j.name));
  const shown = known.slice(0, MAX_DOTS);
  const shownNames = shown.map((job) => job.name).join(", ");
  return (
    <span className={classes.dots} title={names}>
      {shown.map((job) => (
        <span
          key={job.id}
          className={classes.dot}
          style={{ backgroundColor: SAFE_COLOR.test(job.color) ? job.color : undefined }}
          aria-hidden="true"
        />
      ))}
      {/* The names are written out, whatever the count: a colour alone names no job. */}
      <Text span size="sm" className={classes.jobName} title={names} aria-hidden="true">
        {shownNames}
      </Text>
      {known.length > MAX_DOTS ? (
        <Text span size="xs" c="dimmed" aria-hidden="true">
          +{known.length - MAX_DOTS}
        </Text>
      ) : null}
      <VisuallyHidden>{t("row.jobs", { names })}</VisuallyHidden>
    </span>
  );
}
