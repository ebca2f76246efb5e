import type { User } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { useOutletContext } from "react-router";
import { CalendarFeed } from "../CalendarFeed.tsx";
import { MyPageTitle } from "../frame/MyPageTitle.tsx";
import type { MyContext } from "../frame/my-context.ts";
import { LanguageCard } from "../profile/LanguageCard.tsx";
import { OrganizationsCard } from "../profile/OrganizationsCard.tsx";
import { ProfileCard } from "../profile/ProfileCard.tsx";
import { SignOutCard } from "../profile/SignOutCard.tsx";

/** Profile: who I am, my calendar feed (where I work), my organizations, my language, signing out. */
export function ProfilePage({ user }: { user: User }) {
  const { t } = useTranslation("my");
  const context = useOutletContext<MyContext | undefined>();
  return (
    <>
      <MyPageTitle title={t("nav.profile")} />
      <ProfileCard user={user} />
      {context?.organizationId ? <CalendarFeed organizationId={context.organizationId} /> : null}
      <OrganizationsCard user={user} />
      <LanguageCard />
      <SignOutCard />
    </>
  );
}

/** /my/profile. */
export function ProfileRoute() {
  const context = useOutletContext<MyContext>();
  return <ProfilePage user={context.user} />;
}
