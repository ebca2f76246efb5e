import { Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { DocumentTitle } from "../../components/DocumentTitle/DocumentTitle.tsx";
import { adminPageOf, navItemOfPage } from "../../lib/navigation.ts";
import classes from "./AdminSectionPage.module.css";
import { navIcons } from "./nav-icons.ts";

/**
 * Every admin page for now (spec §2: their content is not shown yet): the
 * page's title and what it will hold in the page header, and an honest empty
 * state saying this part of Workshift is coming. One component for all nine.
 */
export function AdminSectionPage() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const page = adminPageOf(pathname) ?? "overview";
  const Icon = navIcons[navItemOfPage[page]];
  const emptyId = useId();
  const title = t(`pages.${page}.title`);
  return (
    <div className={classes.page}>
      <DocumentTitle page={title} />
      <header className={classes.header}>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text c="dimmed">{t(`pages.${page}.description`)}</Text>
      </header>
      <section className={classes.empty} aria-labelledby={emptyId}>
        <span className={classes.emptyIcon} aria-hidden="true">
          <Icon size={30} stroke={1.6} />
        </span>
        <Title order={2} id={emptyId} className={classes.emptyTitle}>
          {t("comingSoon.title")}
        </Title>
        <Text c="dimmed" className={classes.emptyMessage}>
          {t("comingSoon.message")}
        </Text>
      </section>
    </div>
  );
}
