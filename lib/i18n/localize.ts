/**
 * A form as a respondent in one of its languages sees it: every translated
 * text in place, the rest in the form's language. Options (and matrix rows and
 * columns, picture labels) keep their own text as the value — that is what is
 * stored — and their translated labels travel beside the schema, so the page
 * shows the translation and sends the original. Browser-safe.
 */
import type { PageLanguage } from "./languages";
import { questionListFields, questionTextFields, readSlot, type QuestionListField, type TranslationTexts, type Translations } from "./texts";

/** Question key → [list field, item, label] triples (not an object: item texts are the form's, never object keys in the page). */
export type ItemLabels = Record<string, [QuestionListField, string, string][]>;

type Schema = {
  title: string;
  description?: string;
  thankYouMessage?: string;
  language?: PageLanguage;
  translations?: Translations;
  questions: readonly ({ key: string; type: string } & Record<string, unknown>)[];
  endings?: readonly { key: string; title: string; message?: string }[];
};

export function localizeSchema<S extends Schema>(schema: S, language: PageLanguage): { schema: S; labels: ItemLabels } {
  const texts: TranslationTexts | undefined = language === (schema.language ?? "en") ? undefined : schema.translations?.[language];
  // The page needs neither the other languages nor the translations object itself.
  const { translations: _dropped, ...rest } = schema;
  void _dropped;
  if (!texts) return { schema: rest as S, labels: {} };
  const pick = (path: string[], source: string | undefined) => (source ? readSlot(texts, path) ?? source : source);
  const labels: ItemLabels = {};
  const questions = schema.questions.map((q) => {
    const out: Record<string, unknown> = { ...q };
    for (const field of questionTextFields) {
      if (typeof q[field] === "string") out[field] = pick(["questions", q.key, field], q[field] as string);
    }
    const pairs: [QuestionListField, string, string][] = [];
    for (const field of questionListFields) {
      const items = field === "options" && q.type === "picture-choice" ? ((q.pictures as { label: string }[] | undefined) ?? []).map((p) => p.label) : q[field];
      if (!Array.isArray(items)) continue;
      for (const item of items as string[]) {
        const label = readSlot(texts, ["questions", q.key, field, item]);
        if (label !== undefined) pairs.push([field, item, label]);
      }
    }
    if (pairs.length) labels[q.key] = pairs;
    return out;
  });
  const endings = schema.endings?.map((e) => ({ ...e, title: pick(["endings", e.key, "title"], e.title)!, message: pick(["endings", e.key, "message"], e.message) }));
  // The theme's button words are the owner's: a translation's own, else the owner's text (as every other text left out).
  const theme = (schema as { theme?: { labels?: Record<string, string> } }).theme;
  const buttons = theme?.labels ? Object.fromEntries(Object.entries(theme.labels).map(([k, v]) => [k, pick(["buttons", k], v) ?? v])) : {};
  const localized = {
    ...rest,
    ...(theme?.labels ? { theme: { ...theme, labels: buttons } } : {}),
    title: pick(["title"], schema.title)!,
    description: pick(["description"], schema.description),
    thankYouMessage: pick(["thankYouMessage"], schema.thankYouMessage),
    questions,
    ...(endings ? { endings } : {}),
  };
  for (const k of ["description", "thankYouMessage"] as const) if (localized[k] === undefined) delete localized[k];
  return { schema: localized as unknown as S, labels };
}
