/**
 * `language` and `translations` on the form schema (classic zod: drafts, the
 * API and the OpenAPI document). The shape is checked here; whether every key
 * names something the form has (question keys, options, endings, a source
 * text) is checked over the whole form by checkTranslations, with the path of
 * what is refused.
 */
import { z } from "zod";
import { isPrototypeKey } from "@/lib/http/reserved-keys";
import { pageLanguages, type PageLanguage } from "./languages";
import { questionListFields, questionTextFields, sourceList, sourceText, type Translations } from "./texts";

export type { Translations } from "./texts";

export const languageField = z
  .enum(pageLanguages)
  .optional()
  .describe('The language the form is written in, and of the page\'s own words (buttons, hints, errors); absent = "en"');

// Keys are the form's own texts (options) and keys: names special on plain objects are refused before anything reads them.
const textKey = z.string().min(1).max(200).refine((k) => !isPrototypeKey(k), "Not a usable key");
const text = (max: number) => z.string().max(max);
const labels = z.record(textKey, text(200)).describe("The form's own item text → its translation");

const questionTexts = z.strictObject({
  title: text(500).optional(),
  description: text(2000).optional(),
  placeholder: text(200).optional(),
  text: text(5000).optional(),
  minLabel: text(60).optional(),
  maxLabel: text(60).optional(),
  options: labels.optional(),
  rows: labels.optional(),
  columns: labels.optional(),
});

const translationTexts = z
  .strictObject({
    title: text(120).optional(),
    buttons: z
      .strictObject({ start: text(40).optional(), next: text(40).optional(), submit: text(40).optional() })
      .optional()
      .describe("The theme's button words (theme.labels) in this language; a button without one shows the page's own word"),
    description: text(5000).optional(),
    thankYouMessage: text(2000).optional(),
    questions: z.record(textKey, questionTexts).optional().describe("Question key → its texts"),
    endings: z.record(textKey, z.strictObject({ title: text(500).optional(), message: text(2000).optional() })).optional().describe("Ending key → its texts"),
  })
  .meta({ id: "FormTranslation" });

export const translationsField = z
  .partialRecord(z.enum(pageLanguages), translationTexts, {
    error: (issue) => {
      // zod reports keys outside the enum as unrecognized_keys (its issue type for this callback does not list it).
      const { code, keys } = issue as { code: string; keys?: string[] };
      return code === "unrecognized_keys" && keys ? `Unknown language ${keys.map((k) => `"${k}"`).join(", ")}; use one of: ${pageLanguages.join(", ")}` : undefined;
    },
  })
  .optional()
  .describe(
    "Language → the respondent-facing texts in that language (a text left out shows in the form's language). " +
      "Options, matrix rows/columns and picture labels are keyed by the form's own text: answers are stored in the form's language.",
  );

type Ctx = z.RefinementCtx;
type SchemaForCheck = {
  language?: PageLanguage;
  description?: string;
  thankYouMessage?: string;
  questions: readonly ({ key: string; type: string } & Record<string, unknown>)[];
  endings?: readonly { key: string; message?: string }[];
  translations?: Translations;
  theme?: { labels?: Partial<Record<string, string>> };
};

/** Every key of `translations` must name something this form has. */
export function checkTranslations(schema: SchemaForCheck, ctx: Ctx) {
  const own = schema.language ?? "en";
  const questions = new Map(schema.questions.map((q) => [q.key, q]));
  const endings = new Map((schema.endings ?? []).map((e) => [e.key, e]));
  const refuse = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path: ["translations", ...path], message });
  for (const [language, texts] of Object.entries(schema.translations ?? {})) {
    if (!texts) continue;
    if (language === own) refuse([language], `The form is written in "${own}": translate into another language`);
    if (texts.description && !schema.description) refuse([language, "description"], "The form has no description to translate");
    if (texts.thankYouMessage && !schema.thankYouMessage) refuse([language, "thankYouMessage"], "The form has no thank-you message to translate");
    for (const [key, value] of Object.entries(texts.buttons ?? {})) {
      if (value !== undefined && !schema.theme?.labels?.[key]) refuse([language, "buttons", key], "The theme sets no words for this button: the page's own are translated already");
    }
    for (const [key, qTexts] of Object.entries(texts.questions ?? {})) {
      const q = questions.get(key);
      if (!q || q.type === "hidden") {
        refuse([language, "questions", key], "This form has no such question");
        continue;
      }
      for (const field of questionTextFields) {
        if (qTexts[field] !== undefined && !sourceText(q, field)) refuse([language, "questions", key, field], `This question has no ${field} to translate`);
      }
      for (const field of questionListFields) {
        const given = qTexts[field];
        if (!given) continue;
        const items = sourceList(q, field);
        if (!items) {
          refuse([language, "questions", key, field], `This question has no ${field}`);
          continue;
        }
        for (const item of Object.keys(given)) {
          if (!items.includes(item)) refuse([language, "questions", key, field, item], `No such item in ${field}: "${item}"`);
        }
      }
    }
    for (const [key, eTexts] of Object.entries(texts.endings ?? {})) {
      const ending = endings.get(key);
      if (!ending) refuse([language, "endings", key], "This form has no such ending");
      else if (eTexts.message && !ending.message) refuse([language, "endings", key, "message"], "This ending has no message to translate");
    }
  }
}
