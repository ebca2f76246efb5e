import { useState } from "react";
import { LanguageButton } from "./LanguageButton.tsx";

type FullMenu = typeof import("./LanguageMenuFull.tsx").LanguageMenuFull;

let fullMenu: FullMenu | undefined;
let loading: Promise<FullMenu> | undefined;

/**
 * The dropdown and its positioning engine are about a fifth of the sign-in
 * page's JavaScript, and most visitors never open it, so it loads on the
 * first sign of intent (hover, focus) and opens once it is there.
 */
function loadFullMenu(): Promise<FullMenu> {
  loading ??= import("./LanguageMenuFull.tsx").then(
    (module) => {
      fullMenu = module.LanguageMenuFull;
      return fullMenu;
    },
    (error: unknown) => {
      loading = undefined; // let the next click try again
      throw error;
    },
  );
  return loading;
}

/** Language switcher for the headers (spec §2): English, العربية, Français, Español. */
export function LanguageMenu() {
  const [Menu, setMenu] = useState<FullMenu | undefined>(() => fullMenu);
  const [openOnMount, setOpenOnMount] = useState(false);

  if (Menu) return <Menu defaultOpened={openOnMount} />;

  const preload = () => {
    loadFullMenu().catch(() => {});
  };
  const open = () => {
    loadFullMenu().then(
      (loaded) => {
        setOpenOnMount(true);
        setMenu(() => loaded);
      },
      (error: unknown) => console.warn("The language menu failed to load", error),
    );
  };

  return (
    <LanguageButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={open}
    />
  );
}
