import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { LoadingDots } from "../components/LoadingDots/LoadingDots.tsx";

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingDots layout="page" />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Shown while the first route's code and translations load. */
export function RootHydrateFallback() {
  return <LoadingDots layout="page" />;
}
