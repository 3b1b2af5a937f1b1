/**
 * What the builder knows about each question type: its label, what a new one
 * looks like, how to turn one type into another, and question keys derived
 * from titles. Pure functions (unit-tested in tests/unit/builder-questions.test.ts).
 */
import { builderEditors } from "@/components/question-types/builder-editors";
import { scoreKeysOf, takesLogic, takesScores, type EditedQuestion } from "@/lib/logic/editing";
import { questionKeySchema, questionTypes, type Question, type QuestionType } from "@/lib/schema/form-schema";

/** Each type's name in the builder's pickers (components/question-types/<type>/builder.tsx). */
export const typeLabels = Object.fromEntries(questionTypes.map((t) => [t, builderEditors[t].label])) as Record<QuestionType, string>;

export const CHOICE_TYPES = ["single-choice", "multiple-choice", "dropdown"] as const satisfies QuestionType[];
export const PLACEHOLDER_TYPES = ["short-text", "long-text", "email", "url", "phone", "number", "dropdown"] as const satisfies QuestionType[];
const SCALE_LABEL_TYPES = ["rating", "nps", "opinion-scale"] as const satisfies QuestionType[];

const has = <T extends string>(list: readonly T[], type: string): type is T => (list as readonly string[]).includes(type);

export const isChoice = (type: QuestionType) => has(CHOICE_TYPES, type);
export const hasPlaceholder = (type: QuestionType) => has(PLACEHOLDER_TYPES, type);
export const canBeRequired = (type: QuestionType) => type !== "statement" && type !== "hidden";

export const NEW_QUESTION_TITLE = "Untitled question";
const KEY_MAX = 40;

/** A key from a title: "How did you hear about us?" → "how_did_you_hear_about_us". */
export function keyFromTitle(title: string): string {
  let key = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (key.length > KEY_MAX) key = key.slice(0, KEY_MAX).replace(/_[^_]*$/, "") || key.slice(0, KEY_MAX);
  key = key.replace(/_+$/, "");
  if (!key) return "question";
  return /^[a-z]/.test(key) ? key : `q_${key}`.slice(0, 64);
}

/** `base`, or base_2, base_3… whichever no other question uses (keys compare case-insensitively). */
export function uniqueKey(base: string, otherKeys: Iterable<string>): string {
  const taken = new Set([...otherKeys].map((k) => k.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}_${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** The key a question with this title gets automatically. */
export const derivedKey = (title: string, otherKeys: Iterable<string>) => uniqueKey(keyFromTitle(title), otherKeys);

/**
 * Whether a key still follows its title (the owner never typed their own):
 * then editing the title renames the key too, as Typeform and Tally do for
 * their field references.
 */
export const keyFollowsTitle = (key: string, title: string, otherKeys: Iterable<string>) => key === derivedKey(title, otherKeys);

export const isValidKey = (key: string) => questionKeySchema.safeParse(key).success;

/** A new question of `type` with sensible defaults and a key unique among `otherKeys`. */
export function newQuestion(type: QuestionType, otherKeys: Iterable<string>): Question {
  const title = type === "hidden" ? "" : NEW_QUESTION_TITLE;
  const key = type === "hidden" ? uniqueKey("ref", otherKeys) : derivedKey(title, otherKeys);
  return (builderEditors[type].create as (key: string, title: string) => Question)(key, title);
}

/**
 * The question as another type: keeps what both types share (key, title,
 * description, group, required, options, placeholder, scale labels, its logic,
 * the scores of answers the new type still has) and drops the rest, so the
 * result is valid for its new type's strict schema.
 */
export function convertQuestion(question: Question, type: QuestionType): Question {
  if (question.type === type) return question;
  const q = question as Record<string, unknown>;
  const fresh = newQuestion(type, []) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...fresh, key: question.key };
  if (type !== "hidden") {
    out.title = (typeof q.title === "string" && q.title.trim()) || NEW_QUESTION_TITLE;
    if (typeof q.description === "string" && q.description) out.description = q.description;
    if (typeof q.group === "string" && q.group) out.group = q.group;
  } else if (typeof q.title === "string" && q.title) out.title = q.title;
  if (canBeRequired(type) && q.required === true) out.required = true;
  if (isChoice(type) && Array.isArray(q.options) && q.options.length) out.options = q.options;
  if (hasPlaceholder(type) && typeof q.placeholder === "string" && q.placeholder) out.placeholder = q.placeholder;
  if (has(SCALE_LABEL_TYPES, type)) {
    if (typeof q.minLabel === "string" && q.minLabel) out.minLabel = q.minLabel;
    if (typeof q.maxLabel === "string" && q.maxLabel) out.maxLabel = q.maxLabel;
  }
  // Logic stays; a rule that no longer fits the new type is flagged beside it until fixed.
  if (takesLogic(type)) {
    if (q.showIf !== undefined) out.showIf = q.showIf;
    if (Array.isArray(q.jump) && q.jump.length) out.jump = q.jump;
  }
  if (takesScores(type) && q.scores && typeof q.scores === "object") {
    const keys = new Set(scoreKeysOf(out as EditedQuestion));
    const kept = Object.entries(q.scores as Record<string, number>).filter(([k]) => keys.has(k));
    if (kept.length) out.scores = Object.fromEntries(kept);
  }
  return out as Question;
}

/** A copy placed after the original: same settings, a fresh unique key. */
export function duplicateQuestion(question: Question, otherKeys: Iterable<string>): Question {
  const copy = structuredClone(question) as Question & { title?: string };
  const base = question.key.replace(/_copy(_\d+)?$/, "").slice(0, 58);
  copy.key = uniqueKey(`${base}_copy`, otherKeys);
  return copy;
}

/** One-line summary of a question for the collapsed list item. */
export function questionSummary(q: Question): string {
  if (q.type === "hidden") return q.title ? `${q.title} — ?${q.key}=…` : `Filled from ?${q.key}=… in the link`;
  return q.title || NEW_QUESTION_TITLE;
}
