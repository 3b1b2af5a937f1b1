/**
 * WCAG 2.x contrast for the theme editor (components/builder/theme-panel.tsx)
 * and its tests: relative luminance, the contrast ratio, and the nearest
 * colour that passes when a pair fails. Colours are "#rrggbb". Browser-safe,
 * no dependencies.
 */

/** Normal text (WCAG 1.4.3 AA). */
export const AA_TEXT = 4.5;
/** Large text and user-interface components (WCAG 1.4.3 large, 1.4.11). */
export const AA_LARGE = 3;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb {
  if (!HEX_COLOR.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

export const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG relative luminance (sRGB, 0 = black, 1 = white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21 (order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Ratios are shown to two decimals; a pair passes on the exact value, never on a rounded one. */
export const passes = (foreground: string, background: string, min: number) => contrastRatio(foreground, background) >= min;

const mix = (from: Rgb, to: Rgb, t: number): Rgb => [0, 1, 2].map((i) => from[i] + (to[i] - from[i]) * t) as unknown as Rgb;
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The colour nearest `foreground` that reaches `min` against `background`:
 * the foreground darkened (mixed toward black) or lightened (toward white)
 * just enough, whichever moves it less. Mixing keeps the hue, and luminance
 * only ever falls toward black and rises toward white, so a binary search
 * finds the least change. Against any background black or white reaches
 * 4.58:1, so up to 4.5 there is always an answer; null only above that when
 * neither direction can get there. A passing foreground is returned as is.
 */
export function suggestForeground(foreground: string, background: string, min: number): string | null {
  if (passes(foreground, background, min)) return foreground;
  const from = parseHex(foreground);
  const candidates: Rgb[] = [];
  for (const target of [[0, 0, 0], [255, 255, 255]] as const) {
    if (!passes(toHex(target), background, min)) continue;
    let lo = 0;
    let hi = 1;
    for (let step = 0; step < 24; step++) {
      const t = (lo + hi) / 2;
      if (passes(toHex(mix(from, target, t)), background, min)) hi = t;
      else lo = t;
    }
    // Rounding to whole channels can land just short: walk on until it passes.
    let t = hi;
    while (t < 1 && !passes(toHex(mix(from, target, t)), background, min)) t = Math.min(1, t + 1 / 512);
    candidates.push(mix(from, target, t).map(Math.round) as unknown as Rgb);
  }
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => distance(a, from) - distance(b, from));
  return toHex(candidates[0]);
}

/** `a` moved toward `b` by `t` (0 = a, 1 = b), per sRGB channel. */
export const mixHex = (a: string, b: string, t: number) => toHex(mix(parseHex(a), parseHex(b), t).map(Math.round) as unknown as Rgb);

export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
