import { DirectionProvider, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { AuthProvider } from "../features/auth/AuthProvider.tsx";
import { queryClient } from "../lib/query-client.ts";
import { RootErrorBoundary } from "./RootErrorBoundary.tsx";
import { router } from "./router.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

/**
 * Providers, outermost first. DirectionProvider starts from the `dir` that
 * i18n already put on <html> and follows every later change of that attribute.
 */
export function App() {
  return (
    <DirectionProvider initialDirection={document.documentElement.dir === "rtl" ? "rtl" : "ltr"}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <RootErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </QueryClientProvider>
        </RootErrorBoundary>
      </MantineProvider>
    </DirectionProvider>
  );
}
