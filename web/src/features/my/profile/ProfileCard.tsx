import { Button, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { User } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { Ltr } from "../../../components/Ltr/Ltr.tsx";
import { PhoneNumber } from "../../../components/PhoneNumber/PhoneNumber.tsx";
import { UserAvatar } from "../../../components/UserAvatar/UserAvatar.tsx";
import { isRole } from "../../../lib/roles.ts";
import { useSettings } from "../../../lib/settings-context.ts";
import { MyCard } from "../MyCard.tsx";
import classes from "../MyPage.module.css";

/** Who I am: my name, role, phone and email, and the way to change them (the account settings). */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation(["my", "auth"]);
  const settings = useSettings();
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return (
    <MyCard
      title={t("profile.title")}
      action={
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconPencil size={16} stroke={1.75} aria-hidden="true" />}
          onPointerEnter={settings.preloadSettings}
          onFocus={settings.preloadSettings}
          onClick={(event) => settings.openSettings("account", event.currentTarget)}
        >
          {t("profile.edit")}
        </Button>
      }
    >
      <div className={classes.person}>
        <UserAvatar initials={user.initials} color={user.color} role={user.role} size={56} />
        <div className={classes.personText}>
          <Text fw={700} size="lg" className={classes.name}>
            {name}
          </Text>
          {isRole(user.role) ? (
            <Text size="sm" c="dimmed">
              {t(`auth:roles.${user.role}`)}
            </Text>
          ) : null}
        </div>
      </div>
      <dl className={classes.facts}>
        <div>
          <dt>{t("profile.phone")}</dt>
          <dd>{user.phone ? <PhoneNumber phone={user.phone} /> : t("profile.none")}</dd>
        </div>
        <div>
          <dt>{t("profile.email")}</dt>
          <dd>{user.email ? <Ltr>{user.email}</Ltr> : t("profile.none")}</dd>
        </div>
      </dl>
    </MyCard>
  );
}
