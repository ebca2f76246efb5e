import { Alert, Anchor } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { employeePaths } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ClockCard } from "../clock/ClockCard.tsx";
import { MyPageTitle } from "../frame/MyPageTitle.tsx";
import { useMy } from "../frame/my-context.ts";
import { useNavCounts } from "../frame/use-nav-counts.ts";

/** Today: the time clock, and a word when teammates wait for my answer. */
export function TodayPage() {
  const { t } = useTranslation("my");
  const { user, organizationId, asks } = useMy();
  const counts = useNavCounts(organizationId, asks, user.person_id);
  return (
    <>
      <MyPageTitle title={t("title")}>{t("greeting", { name: user.first_name })}</MyPageTitle>
      {counts.requests > 0 ? (
        <Alert variant="light" color="blue" icon={<IconInbox size={20} stroke={1.75} aria-hidden="true" />}>
          {t("today.offers", { count: counts.requests })}{" "}
          <Anchor component={Link} to={employeePaths.requests} inherit fw={600}>
            {t("today.openRequests")}
          </Anchor>
        </Alert>
      ) : null}
      <ClockCard organizationId={organizationId} userId={user.id} />
    </>
  );
}
