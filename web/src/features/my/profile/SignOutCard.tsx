import { Button, Text } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSignOut } from "../../../components/SignOut/use-sign-out.tsx";
import { MyCard } from "../MyCard.tsx";
import classes from "../MyPage.module.css";

/** Signing out of this device (punches not yet sent are asked about first, as in the header). */
export function SignOutCard() {
  const { t } = useTranslation("my");
  const { signOut, confirmation } = useSignOut();
  return (
    <MyCard title={t("profile.signOutTitle")}>
      <Text size="sm" c="dimmed" mb="sm">
        {t("profile.signOutHint")}
      </Text>
      <Button
        variant="default"
        color="red"
        leftSection={<IconLogout size={18} stroke={1.75} aria-hidden="true" className={classes.flip} />}
        onClick={() => void signOut()}
      >
        {t("profile.signOutButton")}
      </Button>
      {confirmation}
    </MyCard>
  );
}
