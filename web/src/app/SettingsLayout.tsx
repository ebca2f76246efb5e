import { Outlet } from "react-router";
import { SettingsProvider } from "../features/settings/SettingsProvider.tsx";

/** The settings sheet around both signed-in frames (/admin and /my), whose user menus open it. */
export function SettingsLayout() {
  return (
    <SettingsProvider>
      <Outlet />
    </SettingsProvider>
  );
}
