import { lazy } from "react";

/** axios and the signing code arrive when a form is first touched, not with the page. */
export const loadAuthApi = () => import("./auth-api.ts");

export const preloadAuthApi = () => {
  loadAuthApi().catch(() => {});
};

/** Only needed once something went wrong. */
export const AuthFailureAlert = lazy(() =>
  import("../../components/AuthFailureAlert/AuthFailureAlert.tsx").then((m) => ({ default: m.AuthFailureAlert })),
);
