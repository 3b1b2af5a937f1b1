/**
 * The builder's presets (components/builder/theme-panel.tsx): whole looks to
 * start from. Kept apart from ./style.ts so the respondent bundle does not
 * carry them.
 */
import { defaultLook, type ThemeLook } from "./style";

export interface ThemePreset extends ThemeLook {
  id: string;
  name: string;
}

/**
 * Every preset passes WCAG AA: text on background and button text on accent
 * 4.5:1, accent on background 3:1 (tests/unit/theme.test.ts checks them all).
 */
export const themePresets = [
  { id: "formloom", name: "Formloom", ...defaultLook },
  { id: "midnight", name: "Midnight", colors: { background: "#111827", text: "#f3f4f6", accent: "#8ab4f8", buttonText: "#111827" }, radius: 12, font: "sans" },
  { id: "paper", name: "Paper", colors: { background: "#fbf7f0", text: "#2b2118", accent: "#8a3b12", buttonText: "#ffffff" }, radius: 2, font: "serif" },
  { id: "forest", name: "Forest", colors: { background: "#f1f7f2", text: "#17301f", accent: "#1f6f43", buttonText: "#ffffff" }, radius: 10, font: "rounded" },
  { id: "terminal", name: "Terminal", colors: { background: "#0b0f0c", text: "#d6f5dd", accent: "#3ddc84", buttonText: "#06210f" }, radius: 0, font: "mono" },
  { id: "candy", name: "Candy", colors: { background: "#fff5fa", text: "#3a1030", accent: "#c2185b", buttonText: "#ffffff" }, radius: 20, font: "rounded" },
] as const satisfies readonly ThemePreset[];


