import { IconChevronRight } from "@tabler/icons-react";
import { adminPaths, type Person } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Ltr } from "../../components/Ltr/Ltr.tsx";
import { PhoneNumber } from "../../components/PhoneNumber/PhoneNumber.tsx";
import { UserAvatar } from "../../components/UserAvatar/UserAvatar.tsx";
import classes from "./People.module.css";
import { JobDots, RoleBadge, StatusBadge } from "./PersonBadges.tsx";
import type { JobRef } from "./people-api.ts";
import { fullName } from "./people-rules.ts";

/** One person of the list, a link to their page: who (avatar, name, phone, email), role, status and jobs. */
export function PersonRow({ person, jobs, compact }: { person: Person; jobs: JobRef[] | undefined; compact: boolean }) {
  const { t } = useTranslation("people");
  const name = fullName(person);
  return (
    <Link
      to={adminPaths.userEdit.replace(":id", encodeURIComponent(person.id))}
      className={classes.row}
      data-compact={compact || undefined}
      data-archived={person.status === "archived" || undefined}
    >
      <span className={classes.who}>
        <UserAvatar initials={person.initials} color={person.color} role={person.role} />
        <span className={classes.whoText}>
          <span className={classes.name}>{name}</span>
          <span className={classes.contact}>
            {person.phone || person.email ? (
              <>
                {person.phone ? <PhoneNumber phone={person.phone} /> : null}
                {person.email ? <Ltr>{person.email}</Ltr> : null}
              </>
            ) : (
              t("row.noContact")
            )}
          </span>
        </span>
      </span>
      <span className={classes.cellRole}>
        <RoleBadge role={person.role} />
      </span>
      <span className={classes.cellStatus}>
        <StatusBadge person={person} />
      </span>
      <span className={classes.cellJobs}>
        <JobDots jobIds={person.job_ids} jobs={jobs} />
      </span>
      <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.chevron} />
    </Link>
  );
}
