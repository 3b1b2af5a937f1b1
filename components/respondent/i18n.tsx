"use client";
/**
 * The respondent page's words in its language, for every component under the
 * form (React on the server, Preact in the browser, the builder's preview):
 * `t` formats the page's own messages, `label` gives an option's (or matrix
 * row's, column's, picture's) translated label while its value stays the
 * form's own text. The messages come with the page (lib/i18n/page-messages.ts).
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { directionOf, type PageLanguage } from "@/lib/i18n/languages";
import type { ItemLabels } from "@/lib/i18n/localize";
import type { QuestionListField } from "@/lib/i18n/texts";
import { createTranslator, type MessageSource, type Translate } from "@/lib/i18n/translator";

/** What the page passes (plain JSON). */
export interface PageI18n {
  language: PageLanguage;
  messages: MessageSource;
  labels?: ItemLabels;
}

export interface I18n {
  language: PageLanguage;
  dir: "ltr" | "rtl";
  t: Translate;
  /** The label shown for an item of a question's list (default: the item itself). */
  label: (questionKey: string, field: QuestionListField, item: string) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function createI18n(page: PageI18n): I18n {
  const labels = new Map<string, string>();
  for (const [key, triples] of Object.entries(page.labels ?? {})) for (const [field, item, label] of triples) labels.set(`${key}\u0000${field}\u0000${item}`, label);
  return {
    language: page.language,
    dir: directionOf(page.language),
    t: createTranslator(page.language, page.messages),
    label: (key, field, item) => labels.get(`${key}\u0000${field}\u0000${item}`) ?? item,
  };
}

export function I18nProvider({ value, children }: { value: PageI18n; children: ReactNode }) {
  const i18n = useMemo(() => createI18n(value), [value]);
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** Inside an <I18nProvider> only (every respondent surface renders one; the page's bundle has no room for a guard's message). */
export function useI18n(): I18n {
  return useContext(I18nContext)!;
}
