import { useEffect } from "react";
import { useRouteError } from "react-router";
import { CrashScreen } from "../features/errors/CrashScreen.tsx";

/** The router's error element: a page that threw, or whose code failed to load (e.g. after a deploy). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error("Route failed to render", error);
  }, [error]);
  return <CrashScreen />;
}

/** A page inside the admin frame failed: the fallback takes the page's place and the sidebar and header stay. */
export function FramedRouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error("Page failed to render", error);
  }, [error]);
  return <CrashScreen inFrame />;
}
