import { useTranslation } from "react-i18next";

/** Sets the tab title to "<page> · Workshift"; React 19 hoists <title> into <head>. */
export function DocumentTitle({ page }: { page: string }) {
  const { t } = useTranslation("common");
  return <title>{t("pageTitle", { page })}</title>;
}
