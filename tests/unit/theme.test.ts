/**
 * The theme's contrast maths (lib/theme/contrast.ts), checked against
 * published WCAG figures, its suggestions, the presets, and the schema.
 */
import { describe, expect, it } from "vitest";
import { AA_LARGE, AA_TEXT, contrastRatio, formatRatio, luminance, mixHex, passes, suggestForeground } from "@/lib/theme/contrast";
import { themePresets } from "@/lib/theme/presets";
import { buttonLabel, defaultLook, resolveLook, themeStyle } from "@/lib/theme/style";
import { themeSchema } from "@/lib/theme/schema";
import { checkContrast } from "@/lib/theme/checks";
import { formSchemaSchema } from "@/lib/schema/form-schema";

describe("contrast ratio", () => {
  it("matches the WCAG figures", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#ffffff")).toBe(1);
    expect(contrastRatio("#000000", "#ffffff")).toBe(21);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // Well-known values: #767676 on white is the lightest grey that passes 4.5:1; #777777 fails.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(passes("#767676", "#ffffff", AA_TEXT)).toBe(true);
    expect(passes("#777777", "#ffffff", AA_TEXT)).toBe(false);
    expect(contrastRatio("#3b5bdb", "#ffffff")).toBeCloseTo(contrastRatio("#ffffff", "#3b5bdb"), 10);
  });

  it("reads uppercase hex and refuses what is not #rrggbb", () => {
    expect(contrastRatio("#FFFFFF", "#000000")).toBe(21);
    expect(() => luminance("#fff")).toThrow();
    expect(() => luminance("red")).toThrow();
  });

  it("formats without rounding a failing pair up to a pass", () => {
    expect(formatRatio(4.4999)).toBe("4.49:1");
    expect(formatRatio(21)).toBe("21.00:1");
  });
});

describe("suggestForeground", () => {
  it("returns a passing colour unchanged", () => {
    expect(suggestForeground("#1b1f24", "#ffffff", AA_TEXT)).toBe("#1b1f24");
  });

  it("darkens a light grey on white just enough", () => {
    const s = suggestForeground("#aaaaaa", "#ffffff", AA_TEXT)!;
    expect(passes(s, "#ffffff", AA_TEXT)).toBe(true);
    // The nearest passing grey is #767676 (one step lighter fails).
    expect(s).toBe("#767676");
  });

  it("lightens on a dark background, keeping the hue", () => {
    const s = suggestForeground("#3b5bdb", "#111827", AA_TEXT)!;
    expect(passes(s, "#111827", AA_TEXT)).toBe(true);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
    // Minimal: mixing a little less toward white fails.
    const t = (r - 0x3b) / (255 - 0x3b);
    expect(passes(mixHex("#3b5bdb", "#ffffff", Math.max(0, t - 0.02)), "#111827", AA_TEXT)).toBe(false);
  });

  it("picks the nearer of darker and lighter", () => {
    // On mid grey both ways reach 3:1: black-ward needs #373737, white-ward #e1e1e1.
    // #a0a0a0 is nearer the light answer, #8a8a8a (and #707070) the dark one.
    expect(suggestForeground("#a0a0a0", "#808080", AA_LARGE)).toBe("#e1e1e1");
    expect(suggestForeground("#8a8a8a", "#808080", AA_LARGE)).toBe("#373737");
    expect(suggestForeground("#707070", "#808080", AA_LARGE)).toBe("#373737");
    // One step short of either answer fails: they are the least change.
    expect(passes("#e0e0e0", "#808080", AA_LARGE)).toBe(false);
    expect(passes("#383838", "#808080", AA_LARGE)).toBe(false);
  });

  it("always finds a colour for 4.5:1, and says so when a ratio is out of reach", () => {
    for (const bg of ["#000000", "#ffffff", "#777777", "#767676", "#3b5bdb", "#ff0000"]) {
      for (const fg of ["#000000", "#ffffff", "#7f7f7f", "#3b5bdb"]) {
        const s = suggestForeground(fg, bg, AA_TEXT);
        expect(s && passes(s, bg, AA_TEXT), `${fg} on ${bg}`).toBe(true);
      }
    }
    expect(suggestForeground("#777777", "#777777", 7)).toBeNull();
  });
});

describe("presets", () => {
  it.each(themePresets.map((p) => [p.id, p] as const))("%s passes WCAG AA", (_id, p) => {
    const { background, text, accent, buttonText } = p.colors;
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(buttonText, accent)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(accent, background)).toBeGreaterThanOrEqual(AA_LARGE);
    // …and the theme as stored through the API is valid.
    expect(themeSchema.safeParse({ colors: p.colors, radius: p.radius, font: p.font }).success).toBe(true);
  });

  it("derives hint and error shades that read at 4.5:1 on every preset", () => {
    for (const p of themePresets) {
      const style = themeStyle(p);
      expect(contrastRatio(style["--fl-muted"], p.colors.background)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(style["--fl-error"], p.colors.background)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(style["--fl-radius"]).toBe(`${p.radius}px`);
    }
  });

  it("fills a partial theme from the default", () => {
    expect(resolveLook(undefined)).toEqual({ colors: defaultLook.colors, radius: defaultLook.radius, font: defaultLook.font });
    expect(resolveLook({ colors: { accent: "#aa0000" }, font: "mono" }).colors).toEqual({ ...defaultLook.colors, accent: "#aa0000" });
    expect(buttonLabel(undefined, "submit")).toBe("Submit");
    expect(buttonLabel({ labels: { submit: "Send it" } }, "submit")).toBe("Send it");
  });
});

describe("themeSchema", () => {
  const base = { title: "T", questions: [] };
  const issues = (theme: unknown) => {
    const r = formSchemaSchema.safeParse({ ...base, theme });
    return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
  };

  it("accepts a full theme and stores colours lowercase", () => {
    const r = themeSchema.parse({
      colors: { background: "#FFFFFF", text: "#111111", accent: "#3B5BDB", buttonText: "#ffffff" },
      radius: 0, font: "serif", logo: "0123456789abcdefghjkmnpqrs", logoAlt: "Acme", cover: "0123456789abcdefghjkmnpqrs",
      labels: { start: "Begin", next: "Next", submit: "Send" },
    });
    expect(r.colors?.background).toBe("#ffffff");
    expect(r.colors?.accent).toBe("#3b5bdb");
  });

  it("refuses bad values with their paths", () => {
    expect(issues({ colors: { accent: "red" } })).toEqual(["theme.colors.accent"]);
    expect(issues({ colors: { text: "#12345" } })).toEqual(["theme.colors.text"]);
    expect(issues({ radius: 33 })).toEqual(["theme.radius"]);
    expect(issues({ radius: -1 })).toEqual(["theme.radius"]);
    expect(issues({ radius: 2.5 })).toEqual(["theme.radius"]);
    expect(issues({ font: "Comic Sans" })).toEqual(["theme.font"]);
    expect(issues({ logo: "../etc/passwd" })).toEqual(["theme.logo"]);
    expect(issues({ labels: { submit: "   " } })).toEqual(["theme.labels.submit"]);
    expect(issues({ labels: { submit: "x".repeat(41) } })).toEqual(["theme.labels.submit"]);
  });

  it("refuses unknown keys at every level", () => {
    expect(issues({ colours: {} })).toEqual(["theme"]);
    expect(issues({ colors: { link: "#000000" } })).toEqual(["theme.colors"]);
    expect(issues({ labels: { back: "Back" } })).toEqual(["theme.labels"]);
  });
});

describe("checkContrast", () => {
  it("flags each failing pair with a passing suggestion for its foreground", () => {
    const colors = { background: "#ffffff", text: "#999999", accent: "#ffd43b", buttonText: "#ffffff" };
    const results = checkContrast(colors);
    expect(results.map((r) => [r.foreground, r.ok])).toEqual([["text", false], ["buttonText", false], ["accent", false]]);
    for (const r of results) {
      expect(r.suggestion).not.toBeNull();
      expect(contrastRatio(r.suggestion!, colors[r.background])).toBeGreaterThanOrEqual(r.min);
    }
    expect(results[2].min).toBe(AA_LARGE);
  });

  it("passes the default theme and skips pairs with a half-typed colour", () => {
    expect(checkContrast(defaultLook.colors).every((r) => r.ok && r.suggestion === null)).toBe(true);
    expect(checkContrast({ ...defaultLook.colors, text: "#12" }).map((r) => r.foreground)).toEqual(["buttonText", "accent"]);
  });
});
