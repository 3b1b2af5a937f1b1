/**
 * The languages the respondent page speaks (its own words: buttons, hints,
 * errors, notices). A form is written in one of them (`language`) and may
 * carry `translations` into others. Browser-safe, no catalog imported here.
 */
export const pageLanguages = ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "tr", "ja", "zh-CN", "ar", "he"] as const;
export type PageLanguage = (typeof pageLanguages)[number];

export const DEFAULT_LANGUAGE: PageLanguage = "en";

/** Each language by its own name (what a respondent looks for in a picker). */
export const languageNames: Record<PageLanguage, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  pt: "Português",
  nl: "Nederlands",
  pl: "Polski",
  tr: "Türkçe",
  ja: "日本語",
  "zh-CN": "中文（简体）",
  ar: "العربية",
  he: "עברית",
};

/** A response's language for the dashboard: its own name, and the code for one this build does not know. */
export const languageLabel = (language: string): string => (isPageLanguage(language) ? languageNames[language] : language);

const RTL = new Set<string>(["ar", "he"]);
export const directionOf = (language: string): "rtl" | "ltr" => (RTL.has(language) ? "rtl" : "ltr");

export const isPageLanguage = (value: string): value is PageLanguage => (pageLanguages as readonly string[]).includes(value);
