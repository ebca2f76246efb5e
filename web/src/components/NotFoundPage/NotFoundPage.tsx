import { Button, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import illustration from "../../assets/not-found.svg";
import { useUserRole } from "../../lib/auth-context.ts";
import { homePathForRole } from "../../lib/home-path.ts";
import { DocumentTitle } from "../DocumentTitle/DocumentTitle.tsx";
import classes from "./NotFoundPage.module.css";

/** /404 and every unknown path (spec §2). The server answers these with status 404. */
export function NotFoundPage() {
  const { t } = useTranslation("errors");
  const home = homePathForRole(useUserRole());
  const headingId = useId();
  return (
    <section className={classes.page} aria-labelledby={headingId}>
      <DocumentTitle page={t("notFound.pageTitle")} />
      <meta name="robots" content="noindex" />
      <img src={illustration} alt="" width={280} height={210} className={classes.image} />
      <Title order={1} id={headingId} className={classes.title}>
        {t("notFound.oops")}
      </Title>
      <Text c="dimmed" size="lg" className={classes.message}>
        {t("notFound.message")}
      </Text>
      <Button
        component={Link}
        to={home}
        size="md"
        leftSection={<IconArrowLeft size={18} stroke={2} className={classes.backIcon} aria-hidden="true" />}
      >
        {t("notFound.backHome")}
      </Button>
    </section>
  );
}
