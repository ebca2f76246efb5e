import { Menu, Text, UnstyledButton } from "@mantine/core";
import { IconArrowsExchange, IconBuilding, IconChevronDown, IconLogout, IconSettings } from "@tabler/icons-react";
import { can, publicPaths, type User } from "@workshift/contracts";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignOut } from "../../components/SignOut/use-sign-out.tsx";
import { UserAvatar } from "../../components/UserAvatar/UserAvatar.tsx";
import { isRole } from "../../lib/roles.ts";
import { useSettings } from "../../lib/settings-context.ts";
import classes from "./UserMenu.module.css";

export function fullName(user: Pick<User, "first_name" | "last_name">): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ");
}

/**
 * The header's user menu (spec §2): the avatar opens it; it shows the full
 * name and the role (in capitals), Settings and Company details (not for a
 * platform admin), a way to switch organization, and Sign out (spec §4: clears
 * local storage and goes to /signin, asking first when settings are unsaved or punches unsent: useSignOut).
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation(["admin", "auth"]);
  const settings = useSettings();
  const { signOut, confirmation } = useSignOut();
  const name = fullName(user);
  const role = isRole(user.role) ? t(`auth:roles.${user.role}`) : (user.role ?? "");
  const withSettings = can(user, "account.settings");
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Menu position="bottom-end" width={270} shadow="md" offset={8} withinPortal>
        <Menu.Target>
          <UnstyledButton
            ref={triggerRef}
            className={classes.trigger}
            aria-label={t("userMenu.label", { name })}
            onPointerEnter={withSettings ? settings.preloadSettings : undefined}
            onFocus={withSettings ? settings.preloadSettings : undefined}
          >
            <UserAvatar initials={user.initials} color={user.color} role={user.role} />
            <span className={classes.name}>{name}</span>
            <IconChevronDown size={16} stroke={1.75} aria-hidden="true" className={classes.chevron} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <div className={classes.who}>
            <UserAvatar initials={user.initials} color={user.color} role={user.role} size={44} />
            <div className={classes.whoText}>
              <Text fw={600} className={classes.fullName}>
                {name}
              </Text>
              <Text size="xs" fw={700} c="dimmed" className={classes.role}>
                {role}
              </Text>
            </div>
          </div>
          <Menu.Divider />
          {withSettings ? (
            <>
              <Menu.Item
                leftSection={<IconSettings size={18} stroke={1.75} aria-hidden="true" />}
                onClick={() => settings.openSettings("account", triggerRef.current)}
              >
                {t("userMenu.settings")}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconBuilding size={18} stroke={1.75} aria-hidden="true" />}
                onClick={() => settings.openSettings("company", triggerRef.current)}
              >
                {t("userMenu.company")}
              </Menu.Item>
            </>
          ) : null}
          <Menu.Item
            component={Link}
            to={publicPaths.selectOrganization}
            leftSection={<IconArrowsExchange size={18} stroke={1.75} aria-hidden="true" />}
          >
            {t("userMenu.switchOrganization")}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red.9"
            leftSection={<IconLogout size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />}
            onClick={() => void signOut()}
          >
            {t("userMenu.signOut")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {confirmation}
    </>
  );
}
