/**
 * Which texts of a form a translation may cover: the respondent-facing ones.
 * Plain data and functions (browser-safe, no zod): the schema check, the
 * page's localized schema and the builder's side-by-side editor all read it.
 */
import type { PageLanguage } from "./languages";

/** Texts of one question that are shown only (translating them changes no answer). */
export const questionTextFields = ["title", "description", "placeholder", "text", "minLabel", "maxLabel"] as const;
export type QuestionTextField = (typeof questionTextFields)[number];
/**
 * Lists whose items are also the stored answers (options, matrix rows and
 * columns, picture labels): translated by label only, keyed by the form's own
 * text, so answers stay in the form's language and analytics count one option once.
 */
export const questionListFields = ["options", "rows", "columns"] as const;
export type QuestionListField = (typeof questionListFields)[number];

export type QuestionTexts = Partial<Record<QuestionTextField, string>> & Partial<Record<QuestionListField, Record<string, string>>>;
export interface EndingTexts {
  title?: string;
  message?: string;
}
/** The theme's button words (lib/theme), when the owner set them. */
export const buttonKeys = ["start", "next", "submit"] as const;
export type ButtonKey = (typeof buttonKeys)[number];

export interface TranslationTexts {
  title?: string;
  buttons?: Partial<Record<ButtonKey, string>>;
  description?: string;
  thankYouMessage?: string;
  questions?: Record<string, QuestionTexts>;
  endings?: Record<string, EndingTexts>;
}
export type Translations = Partial<Record<PageLanguage, TranslationTexts>>;

/** The minimal view of a question these helpers read. */
type QuestionLike = { key: string; type: string } & Record<string, unknown>;
interface SchemaLike {
  title: string;
  description?: string;
  thankYouMessage?: string;
  questions: readonly QuestionLike[];
  endings?: readonly { key: string; title: string; message?: string }[];
  theme?: { labels?: Partial<Record<ButtonKey, string>> };
}

/** The source text of a question's text field ("" / absent: nothing to translate). */
export const sourceText = (q: QuestionLike, field: QuestionTextField) => (typeof q[field] === "string" && q[field] !== "" ? (q[field] as string) : undefined);

/** The items of a list field in the form's own language (picture-choice: its pictures' labels are its options). */
export function sourceList(q: QuestionLike, field: QuestionListField): readonly string[] | undefined {
  if (field === "options" && q.type === "picture-choice" && Array.isArray(q.pictures)) return (q.pictures as { label: string }[]).map((p) => p.label);
  const list = q[field];
  return Array.isArray(list) && list.every((item) => typeof item === "string") ? (list as string[]) : undefined;
}

/** One translatable text: where it lives in `translations[lang]`, and its source. */
export interface TextSlot {
  path: string[];
  source: string;
  /** Long texts get a text area in the builder. */
  long: boolean;
}

/** Every respondent-facing text of the form, in order (what a complete translation covers). */
export function textSlots(schema: SchemaLike): TextSlot[] {
  const slots: TextSlot[] = [{ path: ["title"], source: schema.title, long: false }];
  if (schema.description) slots.push({ path: ["description"], source: schema.description, long: true });
  for (const q of schema.questions) {
    if (q.type === "hidden") continue;
    for (const field of questionTextFields) {
      const source = sourceText(q, field);
      if (source) slots.push({ path: ["questions", q.key, field], source, long: field === "description" || field === "text" });
    }
    for (const field of questionListFields) {
      for (const item of sourceList(q, field) ?? []) slots.push({ path: ["questions", q.key, field, item], source: item, long: false });
    }
  }
  for (const e of schema.endings ?? []) {
    slots.push({ path: ["endings", e.key, "title"], source: e.title, long: false });
    if (e.message) slots.push({ path: ["endings", e.key, "message"], source: e.message, long: true });
  }
  if (schema.thankYouMessage) slots.push({ path: ["thankYouMessage"], source: schema.thankYouMessage, long: true });
  for (const key of buttonKeys) {
    const label = schema.theme?.labels?.[key];
    if (label) slots.push({ path: ["buttons", key], source: label, long: false });
  }
  return slots;
}

/** The translation at a slot's path ("" / absent: missing). Own properties only. */
export function readSlot(texts: TranslationTexts | undefined, path: readonly string[]): string | undefined {
  let node: unknown = texts;
  for (const part of path) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" && node.trim() !== "" ? node : undefined;
}

/**
 * `texts` with the slot set (or removed when `value` is empty), as a new
 * object. Keys are the form's own (question keys, option texts), built with
 * Object.defineProperty so no name can reach a prototype.
 */
export function writeSlot(texts: TranslationTexts | undefined, path: readonly string[], value: string): TranslationTexts {
  const copy = (node: unknown): Record<string, unknown> => Object.assign(Object.create(null), node && typeof node === "object" ? node : {});
  const root = copy(texts);
  let node = root;
  for (let i = 0; i < path.length - 1; i++) {
    const child = copy(Object.hasOwn(node, path[i]) ? node[path[i]] : undefined);
    Object.defineProperty(node, path[i], { value: child, enumerable: true, writable: true, configurable: true });
    node = child;
  }
  const last = path[path.length - 1];
  if (value === "") delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return toPlain(root) as TranslationTexts;
}

/** A JSON-shaped copy without empty objects (what is saved). */
function toPlain(node: unknown): unknown {
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    const plain = toPlain(v);
    if (plain === undefined || (typeof plain === "object" && plain && Object.keys(plain).length === 0)) continue;
    Object.defineProperty(out, k, { value: plain, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * `translations` with only what the form still has: texts of deleted or
 * renamed questions, options, endings (or emptied sources) are dropped. The
 * builder saves this, so an edit to the form never makes its draft invalid.
 */
export function pruneTranslations(schema: SchemaLike & { language?: PageLanguage }, translations: Translations | undefined): Translations | undefined {
  if (!translations) return undefined;
  const slots = textSlots(schema);
  const out: Translations = {};
  for (const [language, texts] of Object.entries(translations) as [PageLanguage, TranslationTexts][]) {
    if (language === schema.language) continue;
    let kept: TranslationTexts = {};
    for (const slot of slots) {
      const value = readSlot(texts, slot.path);
      if (value !== undefined) kept = writeSlot(kept, slot.path, value);
    }
    out[language] = kept;
  }
  return out;
}

/** Slots with no translation in `language` (the builder's "missing translation" warnings). */
export const missingSlots = (schema: SchemaLike, texts: TranslationTexts | undefined) => textSlots(schema).filter((slot) => readSlot(texts, slot.path) === undefined);
