import { publicPaths } from "@workshift/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-context.ts";
// Imported up front, not on demand: signing out offline is when unsent punches matter, and a chunk
// loaded on demand would not load then.
import { unsentPunchCount } from "../../lib/punch-store.ts";
import { useSettings } from "../../lib/settings-context.ts";
import { ConfirmDialog } from "../ConfirmDialog/ConfirmDialog.tsx";

/**
 * Sign out (spec §4: clears local storage and goes to /signin), asking first
 * when settings are unsaved, and when punches made on this device have not
 * reached the server yet: they stay here (IndexedDB is not cleared) and are
 * sent the next time the person signs in on it, which on a shared phone may
 * be never. Render `confirmation` where the button is.
 */
export function useSignOut(): { signOut(): Promise<void>; confirmation: ReactNode } {
  const { t, i18n } = useTranslation("common");
  const { user, logout } = useAuth();
  const settings = useSettings();
  const [unsent, setUnsent] = useState(0);
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    setLeaving(true);
    try {
      await logout({ clearLocalStorage: true, to: publicPaths.signin });
    } finally {
      setLeaving(false);
      setUnsent(0);
    }
  };

  const signOut = async () => {
    if (!(await settings.confirmLeave())) return;
    const count = user ? await unsentPunchCount(user.id) : 0;
    if (count > 0) setUnsent(count);
    else await leave();
  };

  const confirmation = (
    <ConfirmDialog
      opened={unsent > 0}
      title={t("signOutUnsent.title")}
      message={t("signOutUnsent.message", {
        count: unsent,
        formatted: new Intl.NumberFormat(i18n.resolvedLanguage).format(unsent),
      })}
      confirmLabel={t("signOutUnsent.confirm")}
      cancelLabel={t("signOutUnsent.cancel")}
      danger
      loading={leaving}
      onConfirm={() => void leave()}
      onCancel={() => setUnsent(0)}
    />
  );
  return { signOut, confirmation };
}
