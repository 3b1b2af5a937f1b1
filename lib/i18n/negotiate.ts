/**
 * Which of a form's languages a respondent gets: `?lang=` when it names one of
 * them, else the best match of Accept-Language (by q, full tag before base
 * language), else the form's own language. Browser-safe, no dependencies.
 */
import { DEFAULT_LANGUAGE, isPageLanguage, type PageLanguage } from "./languages";
import type { Translations } from "./schema";

/** The form's language first, then the languages it is translated into. */
export function formLanguages(schema: { language?: PageLanguage; translations?: Translations }): PageLanguage[] {
  const own = schema.language ?? DEFAULT_LANGUAGE;
  const others = Object.keys(schema.translations ?? {}).filter((l): l is PageLanguage => isPageLanguage(l) && l !== own);
  return [own, ...others];
}

/** A tag as the form would list it: case-insensitive, "zh-cn" → "zh-CN". */
function match(tag: string, available: readonly PageLanguage[]): PageLanguage | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = available.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split("-")[0];
  return available.find((l) => l.toLowerCase().split("-")[0] === base) ?? null;
}

/** Parses Accept-Language into tags by descending q (q=0 dropped); at most 20 entries are read. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((e) => e.tag && e.tag !== "*" && e.q > 0 && Number.isFinite(e.q))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((e) => e.tag);
}

export function pickLanguage(available: readonly PageLanguage[], requested: string | null | undefined, acceptLanguage: string | null | undefined): PageLanguage {
  if (requested) {
    const asked = match(requested, available);
    if (asked) return asked;
  }
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const found = match(tag, available);
    if (found) return found;
  }
  return available[0];
}
