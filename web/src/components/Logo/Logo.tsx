import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUserRole } from "../../lib/auth-context.ts";
import { homePathForRole } from "../../lib/home-path.ts";
import classes from "./Logo.module.css";
import { LogoMark } from "./LogoMark.tsx";

/** Product mark and name, linking to the signed-in user's home. */
export function Logo() {
  const { t } = useTranslation("common");
  const home = homePathForRole(useUserRole());
  return (
    <Link to={home} className={classes.logo} aria-label={t("app.homeLink")}>
      <LogoMark />
      <span className={classes.wordmark}>{t("app.name")}</span>
    </Link>
  );
}
