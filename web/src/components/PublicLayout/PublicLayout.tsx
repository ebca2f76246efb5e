import { Suspense } from "react";
import { Outlet } from "react-router";
import { LanguageMenu } from "../LanguageMenu/LanguageMenu.tsx";
import { LoadingDots } from "../LoadingDots/LoadingDots.tsx";
import { Logo } from "../Logo/Logo.tsx";
import classes from "./PublicLayout.module.css";

/** The frame of the signed-out pages: product name, language menu, and the page centred below. */
export function PublicLayout() {
  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Logo />
        <LanguageMenu />
      </header>
      <main className={classes.main}>
        <Suspense fallback={<LoadingDots layout="section" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
