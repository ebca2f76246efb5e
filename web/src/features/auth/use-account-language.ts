import { useQueryClient } from "@tanstack/react-query";
import type { User } from "@workshift/contracts";
import i18n from "i18next";
import { useEffect, useRef } from "react";
import { meQueryKey } from "../../lib/auth-context.ts";
import { type AccountLanguage, accountLanguage } from "./account-language.ts";

// The API client (axios) is only fetched once there is a session to ask about.
const loadAuthApi = () => import("./auth-api.ts");

/**
 * The signed-in person's language and the app's stay one (see accountLanguage).
 * It takes i18next itself, not useTranslation: AuthProvider sits above every
 * Suspense boundary, and must never wait for a language's files.
 */
export function useAccountLanguage(user: User | null | undefined): void {
  const queryClient = useQueryClient();
  const sync = useRef<AccountLanguage | null>(null);

  useEffect(() => {
    const started = accountLanguage({
      i18n,
      save: async (language) => (await loadAuthApi()).saveLanguage(language),
      onUser: (saved) => queryClient.setQueryData(meQueryKey, saved),
      // Not a failure of the page: the account keeps its language, which the app shows again once it
      // has read the account anew (the person can choose again).
      onError: (error) => {
        console.warn("Could not save the language to the account", error);
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      },
    });
    sync.current = started;
    return () => {
      started.stop();
      sync.current = null;
    };
  }, [queryClient]);

  useEffect(() => {
    sync.current?.signedIn(user);
  }, [user]);
}
