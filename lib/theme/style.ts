/**
 * The theme's vocabulary without zod (the respondent bundle imports it): the
 * system font stacks, the default look, and how a theme becomes the page's
 * CSS custom properties and button words. The API's schema is ./schema.ts,
 * the builder's presets ./presets.ts, the contrast maths ./contrast.ts.
 */
import { AA_TEXT, mixHex, suggestForeground } from "./contrast";

/** System font stacks only: nothing is downloaded, no web fonts, no CDN. */
export const fontStacks = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif',
  serif: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, Cambria, "Times New Roman", serif',
  rounded: 'ui-rounded, "SF Pro Rounded", "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", "Arial Rounded MT Bold", Calibri, system-ui, sans-serif',
  mono: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace',
} as const;
export type ThemeFont = keyof typeof fontStacks;
export const themeFonts = Object.keys(fontStacks) as ThemeFont[];

export const colorRoles = ["background", "text", "accent", "buttonText"] as const;
export type ColorRole = (typeof colorRoles)[number];

export const RADIUS_MAX = 32;
const ERROR_RED = "#c92a2a";

/** The buttons whose words the owner may choose (immersive: start/next/submit; classic: submit). */
export const buttonLabelKeys = ["start", "next", "submit"] as const;
export type ButtonLabelKey = (typeof buttonLabelKeys)[number];
/** The page's own words when the owner chose none. */
export const defaultButtonLabels: Record<ButtonLabelKey, string> = { start: "Start", next: "OK", submit: "Submit" };

/** A theme as stored (every part optional; what is missing comes from the default). */
export interface Theme {
  colors?: Partial<Record<ColorRole, string>>;
  radius?: number;
  font?: ThemeFont;
  logo?: string;
  logoAlt?: string;
  cover?: string;
  labels?: Partial<Record<ButtonLabelKey, string>>;
}

export interface ThemeLook {
  colors: Record<ColorRole, string>;
  radius: number;
  font: ThemeFont;
}

/** The default theme's look (also the first preset, ./presets.ts). */
export const defaultLook: ThemeLook = {
  colors: { background: "#ffffff", text: "#1b1f24", accent: "#3b5bdb", buttonText: "#ffffff" },
  radius: 8,
  font: "sans",
};

/** A stored theme with the defaults filled in. */
export function resolveLook(theme: Theme | undefined): ThemeLook {
  return {
    colors: { ...defaultLook.colors, ...theme?.colors },
    radius: theme?.radius ?? defaultLook.radius,
    font: theme?.font ?? defaultLook.font,
  };
}

/**
 * The CSS custom properties components/respondent/respondent.css reads, set
 * on each `.fl-r` root as a style attribute: rendered on the server (the
 * page's CSP allows style attributes, style-src-attr), so the brand is there
 * before any script, and the same in the builder's preview.
 */
export function themeStyle(theme: Theme | undefined): Record<string, string> {
  const look = resolveLook(theme);
  const { background, text } = look.colors;
  return {
    "--fl-bg": background,
    "--fl-text": text,
    "--fl-accent": look.colors.accent,
    "--fl-button-text": look.colors.buttonText,
    // Hints and descriptions are small text: a softer shade of the text that still reads at 4.5:1,
    // and the error red moved just enough to read on this background (a dark theme's too).
    "--fl-muted": suggestForeground(mixHex(text, background, 0.3), background, AA_TEXT) ?? text,
    "--fl-error": suggestForeground(ERROR_RED, background, AA_TEXT) ?? text,
    "--fl-radius": `${look.radius}px`,
    "--fl-font": fontStacks[look.font],
  };
}

/** The words on a button: the owner's, else the page's own. */
export const buttonLabel = (theme: Theme | undefined, key: ButtonLabelKey) => theme?.labels?.[key] ?? defaultButtonLabels[key];
