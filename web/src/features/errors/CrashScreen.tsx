import { useTranslation } from "react-i18next";
import classes from "./CrashScreen.module.css";
import { resetAndReload } from "./reset-and-reload.ts";

/**
 * The failed-render fallback (spec §2, §8). Every text has its English default
 * inline, so it reads correctly even when the translation files never loaded.
 * `inFrame`: a page inside the admin frame failed, and the frame around it still works.
 */
export function CrashScreen({ inFrame = false }: { inFrame?: boolean }) {
  const { t } = useTranslation("common", { useSuspense: false });
  // Inside the admin frame the page area shows it (the frame already has the <main>); alone it is the whole page.
  const Root = inFrame ? "div" : "main";
  return (
    <Root className={inFrame ? classes.section : classes.screen} role={inFrame ? "alert" : undefined}>
      <div className={classes.panel}>
        <h1 className={classes.title}>{t("crash.title", { defaultValue: "Ooops, something went wrong :/" })}</h1>
        <p className={classes.description}>
          {t("crash.description", {
            defaultValue:
              "Refreshing clears the data Workshift keeps in this browser, so you may need to sign in again.",
          })}
        </p>
        <button type="button" className={classes.button} onClick={() => resetAndReload(window)}>
          {t("crash.refresh", { defaultValue: "Refresh" })}
        </button>
      </div>
    </Root>
  );
}
