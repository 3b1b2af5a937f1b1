/**
 * The colour pairs of a theme that must contrast (WCAG 2.x AA), and for each
 * failing pair the nearest foreground that passes: what the builder's Design
 * panel warns about. Advice only: the API stores a failing theme (an owner
 * may have reasons, e.g. a brand colour checked elsewhere), the builder says so.
 */
import { AA_LARGE, AA_TEXT, contrastRatio, HEX_COLOR, suggestForeground } from "./contrast";
import type { ColorRole } from "./style";

export interface ContrastPair {
  foreground: ColorRole;
  background: ColorRole;
  min: number;
  label: string;
}

export const contrastPairs: readonly ContrastPair[] = [
  { foreground: "text", background: "background", min: AA_TEXT, label: "Text on the background" },
  { foreground: "buttonText", background: "accent", min: AA_TEXT, label: "Button text on the accent colour" },
  // Selected answers, focus rings and the progress bar are components: 3:1 (WCAG 1.4.11).
  { foreground: "accent", background: "background", min: AA_LARGE, label: "Accent colour on the background" },
];

export interface ContrastResult extends ContrastPair {
  ratio: number;
  ok: boolean;
  /** The nearest colour for `foreground` that passes (null when the pair passes or nothing can). */
  suggestion: string | null;
}

/** Every pair whose two colours are valid #rrggbb, checked. */
export function checkContrast(colors: Record<ColorRole, string>): ContrastResult[] {
  return contrastPairs.flatMap((pair) => {
    const fg = colors[pair.foreground];
    const bg = colors[pair.background];
    if (!HEX_COLOR.test(fg) || !HEX_COLOR.test(bg)) return [];
    const ratio = contrastRatio(fg, bg);
    const ok = ratio >= pair.min;
    return [{ ...pair, ratio, ok, suggestion: ok ? null : suggestForeground(fg, bg, pair.min)?.toLowerCase() ?? null }];
  });
}
