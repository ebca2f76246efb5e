import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MenuProps,
} from "@mantine/core";

/** A deep teal: calm and trustworthy, and white text on shade 7 passes WCAG AA (5.5:1). */
const brand: MantineColorsTuple = [
  "#f0fdfa",
  "#ccfbf1",
  "#99f6e4",
  "#5eead4",
  "#2dd4bf",
  "#14b8a6",
  "#0d9488",
  "#0f766e",
  "#115e59",
  "#134e4a",
];

// Self-hosted (CSP allows fonts from 'self' only). Inter has no Arabic, so Arabic text falls to Noto Sans Arabic.
const fontFamily =
  '"Inter Variable", "Noto Sans Arabic Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  colors: { brand },
  primaryColor: "brand",
  primaryShade: { light: 7, dark: 5 },
  fontFamily,
  headings: { fontFamily, fontWeight: "700" },
  defaultRadius: "md",
  cursorType: "pointer",
  focusRing: "auto",
  respectReducedMotion: true,
  components: {
    // Mantine's menus put a focusable placeholder without a role in the menu (a menu may only hold
    // its items, groups and separators): opening focuses the first item instead. A plain object, not
    // Menu.extend(): importing Menu here would put menus, popovers and floating-ui in every page's
    // first bundle, /signin included.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
  },
});

/**
 * The text of Mantine's "light" variant (badges such as Active, Invited, Paid; light buttons and
 * alerts) is shade 6 on a 10% tint of it, under 4.5:1 for most colours; shade 9 darkened by a
 * third reads at least 4.5:1 on every tint (yellow included).
 */
const readableLightText = Object.fromEntries(
  [...Object.keys(DEFAULT_THEME.colors), "brand"].map((color) => [
    `--mantine-color-${color}-light-color`,
    `color-mix(in srgb, var(--mantine-color-${color}-9) 65%, black)`,
  ]),
);

/**
 * White text on a "filled" button or badge of Mantine's colours (shade 6: green 2.4:1, red 3.3:1)
 * needs a darker fill; shade 9 darkened a little gives 4.5:1 or more for every colour. The brand
 * colour's fill (shade 7) already passes.
 */
const readableFills = Object.fromEntries(
  Object.keys(DEFAULT_THEME.colors).flatMap((color) => [
    [`--mantine-color-${color}-filled`, `color-mix(in srgb, var(--mantine-color-${color}-9) 85%, black)`],
    [`--mantine-color-${color}-filled-hover`, `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`],
  ]),
);

/** Mantine's default dimmed grey (#868e96) is 3.3:1 on white; gray-7 keeps secondary text readable (8:1, WCAG AA). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)", ...readableLightText, ...readableFills },
  dark: {},
});
