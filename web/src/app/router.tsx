import { adminPaths, devPaths, employeePaths, publicPaths } from "@workshift/contracts";
import { createBrowserRouter, type LoaderFunctionArgs, replace } from "react-router";
import { adminPages } from "./admin-pages.ts";
import { lazyRoute } from "./lazy-route.ts";
import { RootHydrateFallback, RootLayout } from "./RootLayout.tsx";
import { FramedRouteErrorBoundary, RouteErrorBoundary } from "./RouteErrorBoundary.tsx";

const publicLayout = lazyRoute(() => import("../components/PublicLayout/PublicLayout.tsx").then((m) => m.PublicLayout));
const notFound = lazyRoute(
  () => import("../components/NotFoundPage/NotFoundPage.tsx").then((m) => m.NotFoundPage),
  ["errors"],
);
const settingsLayout = lazyRoute(() => import("./SettingsLayout.tsx").then((m) => m.SettingsLayout));
const adminLayout = lazyRoute(
  () => import("../features/admin/AdminLayout.tsx").then((m) => m.AdminLayout),
  ["admin", "auth"],
);

/**
 * Every admin path of the contracts (spec §2), inside the admin frame. A page
 * that fails to render shows the fallback in the frame's place for it.
 */
const adminChildren = (Object.keys(adminPaths) as (keyof typeof adminPaths)[]).map((page) =>
  page === "overview"
    ? { index: true, lazy: adminPages[page], ErrorBoundary: FramedRouteErrorBoundary }
    : { path: adminPaths[page], lazy: adminPages[page], ErrorBoundary: FramedRouteErrorBoundary },
);

/**
 * Development pages exist only in Vite's dev server. `import.meta.env.DEV` is false in every build,
 * so the bundler drops these routes and their chunks: the built app has no way to them.
 */
const devRoutes = import.meta.env.DEV
  ? [
      {
        path: devPaths.outbox,
        lazy: lazyRoute(() => import("../features/dev/OutboxPage.tsx").then((m) => m.OutboxPage), ["dev", "errors"]),
      },
    ]
  : [];

/** Sends the site root to sign-in, keeping the query string (?lng=ar) and replacing the history entry so Back does not bounce. */
function redirectToSignIn({ request }: LoaderFunctionArgs) {
  return replace(`${publicPaths.signin}${new URL(request.url).search}`);
}

export const router = createBrowserRouter([
  {
    path: publicPaths.root,
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    children: [
      { index: true, loader: redirectToSignIn },
      {
        lazy: publicLayout,
        children: [
          {
            path: publicPaths.signin,
            lazy: lazyRoute(
              () => import("../features/auth/SignInPage.tsx").then((m) => m.SignInPage),
              ["auth", "validation", "errors"],
            ),
          },
          {
            path: publicPaths.signup,
            lazy: lazyRoute(
              () => import("../features/auth/SignUpPage.tsx").then((m) => m.SignUpPage),
              ["auth", "validation", "errors"],
            ),
          },
          {
            path: publicPaths.otp,
            lazy: lazyRoute(
              () => import("../features/auth/OtpPage.tsx").then((m) => m.OtpPage),
              ["auth", "validation", "errors"],
            ),
          },
          {
            path: publicPaths.selectOrganization,
            lazy: lazyRoute(
              () => import("../features/auth/SelectOrganizationPage.tsx").then((m) => m.SelectOrganizationPage),
              ["auth", "validation", "errors"],
            ),
          },
          {
            path: publicPaths.activate,
            lazy: lazyRoute(
              () => import("../features/activation/ActivatePage.tsx").then((m) => m.ActivatePage),
              ["activation", "auth", "validation", "errors"],
            ),
          },
          ...devRoutes,
          { path: publicPaths.notFound, lazy: notFound },
          { path: "*", lazy: notFound },
        ],
      },
      {
        lazy: settingsLayout,
        children: [
          {
            // The self-service app of the people who work the shifts (EMPLOYEE), with its own phone-first frame;
            // its sections are child routes (Today, My shifts, Requests, Time off, Profile).
            path: employeePaths.home,
            lazy: lazyRoute(
              () => import("../features/my/MyPage.tsx").then((m) => m.MyPage),
              ["my", "auth", "validation", "errors"],
            ),
            ErrorBoundary: RouteErrorBoundary,
            children: [
              {
                index: true,
                lazy: lazyRoute(() => import("../features/my/pages/TodayPage.tsx").then((m) => m.TodayPage)),
                ErrorBoundary: FramedRouteErrorBoundary,
              },
              {
                path: employeePaths.shifts,
                lazy: lazyRoute(() => import("../features/my/pages/ShiftsPage.tsx").then((m) => m.ShiftsPage)),
                ErrorBoundary: FramedRouteErrorBoundary,
              },
              {
                path: employeePaths.requests,
                lazy: lazyRoute(() => import("../features/my/pages/RequestsPage.tsx").then((m) => m.RequestsPage)),
                ErrorBoundary: FramedRouteErrorBoundary,
              },
              {
                path: employeePaths.timeOff,
                lazy: lazyRoute(() => import("../features/my/pages/TimeOffPage.tsx").then((m) => m.TimeOffPage)),
                ErrorBoundary: FramedRouteErrorBoundary,
              },
              {
                path: employeePaths.profile,
                lazy: lazyRoute(() => import("../features/my/pages/ProfilePage.tsx").then((m) => m.ProfileRoute)),
                ErrorBoundary: FramedRouteErrorBoundary,
              },
            ],
          },
          {
            // The admin frame (sidebar, header) around its pages; unknown paths under /admin are not found inside it.
            path: adminPaths.overview,
            lazy: adminLayout,
            ErrorBoundary: RouteErrorBoundary,
            children: [
              ...adminChildren,
              { path: `${adminPaths.overview}/*`, lazy: notFound, ErrorBoundary: FramedRouteErrorBoundary },
            ],
          },
        ],
      },
    ],
  },
]);
