/**
 * What the builder's logic editor offers, computed from the question-types
 * registry (never from a switch on the type): which earlier questions a
 * condition may name, which operators fit a question (its type's
 * `operators`), which value picker fits (derived from the answer schema the
 * server checks values with, so the picker only offers what a save accepts),
 * and which answers a question's `scores` may name.
 *
 * Pure and browser-safe (the registry's definitions are already part of the
 * builder through formSchemaSchema). Unit-tested in tests/unit/logic-editing.test.ts.
 */
import { questionTypeSpecs } from "@/lib/question-types";
import { shapeOnly, type Translate } from "@/lib/i18n/translator";
import { answerSchemas } from "@/lib/question-types/answers";
import { definitions } from "@/lib/question-types/definitions";
import type { LogicOperator, QuestionType } from "@/lib/question-types/names";
import { END, type Condition, type ConditionValue, type JumpRule, type ScoreOperator } from "./types";

/** The parts of a (possibly half-edited) question the editor reads. */
export interface EditedQuestion {
  key: string;
  type: QuestionType;
  title?: string;
  options?: string[];
  allowOther?: boolean;
  required?: boolean;
  showIf?: Condition;
  jump?: JumpRule[];
  scores?: Record<string, number>;
  [field: string]: unknown;
}

export type Leaf = Extract<Condition, { question: string }>;
export type ScoreLeaf = Extract<Condition, { score: true }>;

/** Words for the operator pickers and the paths' summaries. */
export const operatorLabels: Record<LogicOperator, string> = {
  answered: "is answered",
  notAnswered: "is not answered",
  equals: "is",
  notEquals: "is not",
  in: "is one of",
  notIn: "is none of",
  contains: "contains",
  notContains: "does not contain",
  gt: "is greater than",
  gte: "is at least",
  lt: "is less than",
  lte: "is at most",
};
export const scoreOperatorLabels: Record<ScoreOperator, string> = {
  equals: "is", notEquals: "is not", gt: "is greater than", gte: "is at least", lt: "is less than", lte: "is at most",
};

export const NO_VALUE_OPS: readonly LogicOperator[] = ["answered", "notAnswered"];
export const LIST_OPS: readonly LogicOperator[] = ["in", "notIn"];
const TEXT_MATCH_OPS: readonly LogicOperator[] = ["contains", "notContains"];

/** The operators a question's type supports (the registry's list). */
export const operatorsOf = (type: QuestionType): readonly LogicOperator[] => questionTypeSpecs[type]?.operators ?? [];

/** Questions a condition at `index` may name: those before it whose type has operators (hidden fields included). */
export function conditionSources<Q extends EditedQuestion>(questions: readonly Q[], index: number): Q[] {
  return questions.slice(0, Math.max(0, index)).filter((q) => q.key && operatorsOf(q.type).length > 0);
}

// ---- values ----

/** A test of "is this a possible answer of q" (its answer schema, built once per call). */
function acceptor(q: EditedQuestion): (value: unknown) => boolean {
  let schema: { safeParse(v: unknown): { success: boolean } } | null = null;
  try {
    const make = answerSchemas[q.type] as (q: EditedQuestion, o: { partial: boolean; t: Translate }) => typeof schema;
    schema = make(q, { partial: true, t: shapeOnly });
  } catch {
    // A half-edited question (e.g. no options yet) may not even build its schema.
  }
  return (value) => schema !== null && schema.safeParse(value).success;
}

/** How a condition's value is picked. */
export type ValueInput =
  | { kind: "none" }
  | { kind: "option"; options: string[]; multiple: boolean }
  | { kind: "boolean"; multiple: boolean }
  | { kind: "scale"; values: number[]; multiple: boolean }
  | { kind: "number" }
  | { kind: "date" }
  | { kind: "time" }
  | { kind: "text"; multiple: boolean };

// Most scales lie within 0..10: probe there first (a refused value costs a zod error, so probe little).
const SCALE_PROBE = [...Array.from({ length: 11 }, (_, i) => i), ...Array.from({ length: 90 }, (_, i) => i + 11), ...Array.from({ length: 100 }, (_, i) => -1 - i)];
const MAX_SCALE = 101;

/** The whole numbers a question accepts when it accepts only a few, in a row (rating, nps, opinion scale); null otherwise. */
function scaleValues(q: EditedQuestion, accepts = acceptor(q)): number[] | null {
  const first = SCALE_PROBE.find((n) => accepts(n));
  // None, or a free number field (it accepts fractions too): no scale.
  if (first === undefined || accepts(first + 0.5) || accepts(first - 0.5)) return null;
  let lo = first;
  let hi = first;
  while (accepts(lo - 1) && hi - lo < MAX_SCALE) lo--;
  while (accepts(hi + 1) && hi - lo < MAX_SCALE) hi++;
  return hi - lo >= MAX_SCALE ? null : Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/** The answers a question can take when they are few and known (choices, yes/no, scales); null otherwise. */
export function finiteAnswers(q: EditedQuestion): (string | number | boolean)[] | null {
  if (Array.isArray(q.options) && q.options.length > 0) return [...q.options];
  const accepts = acceptor(q);
  if (accepts(true) && accepts(false)) return [true, false];
  return scaleValues(q, accepts);
}

/** The picker for a leaf's value: what the question's answer schema accepts for that operator. */
export function valueInputOf(q: EditedQuestion, op: LogicOperator): ValueInput {
  if (NO_VALUE_OPS.includes(op)) return { kind: "none" };
  const multiple = LIST_OPS.includes(op);
  if (Array.isArray(q.options)) return { kind: "option", options: q.options.filter((o) => o.trim() !== ""), multiple };
  // contains on a text is any text (a substring).
  if (TEXT_MATCH_OPS.includes(op)) return { kind: "text", multiple: false };
  const accepts = acceptor(q);
  if (accepts(true) && accepts(false)) return { kind: "boolean", multiple };
  const scale = scaleValues(q, accepts);
  if (scale) return { kind: "scale", values: scale, multiple };
  // Any text at all (hidden fields, short text): a text box.
  if (accepts("any text")) return { kind: "text", multiple };
  const bounds = [q.min, q.max].filter((v) => v !== undefined && v !== "");
  if ([0, 1, 0.5, ...bounds].some((n) => typeof n === "number" && accepts(n))) return { kind: "number" };
  if (["2000-01-01", ...bounds].some((d) => typeof d === "string" && /^\d{4}-\d\d-\d\d$/.test(d) && accepts(d))) return { kind: "date" };
  if (["12:00", ...bounds].some((t) => typeof t === "string" && /^\d\d:\d\d$/.test(t) && accepts(t))) return { kind: "time" };
  return { kind: "text", multiple };
}

/** A sensible first value for a picker (the first option, yes, the scale's low end…). */
export function defaultValue(input: ValueInput): ConditionValue | undefined {
  const first = (v: string | number | boolean | undefined) => (v === undefined ? undefined : input.kind !== "none" && "multiple" in input && input.multiple ? [v] : v);
  switch (input.kind) {
    case "none": return undefined;
    case "option": return first(input.options[0] ?? "");
    case "boolean": return first(true);
    case "scale": return first(input.values[0]);
    case "number": return 0;
    case "date": return "";
    case "time": return "";
    case "text": return first("");
  }
}

/** Whether `value` fits the picker (kept when the operator changes, replaced otherwise). */
function fits(input: ValueInput, value: ConditionValue | undefined): boolean {
  if (input.kind === "none") return value === undefined;
  if (value === undefined) return false;
  const multiple = "multiple" in input && input.multiple;
  if (Array.isArray(value) !== multiple) return false;
  const one = (v: string | number | boolean) => {
    switch (input.kind) {
      case "option": return typeof v === "string" && input.options.includes(v);
      case "boolean": return typeof v === "boolean";
      case "scale": return typeof v === "number" && input.values.includes(v);
      case "number": return typeof v === "number";
      default: return typeof v === "string";
    }
  };
  return Array.isArray(value) ? value.every(one) : one(value);
}

/** A new leaf on `q`: its first operator that takes a value (else its first), with a default value. */
export function newLeaf(q: EditedQuestion): Leaf {
  const ops = operatorsOf(q.type);
  const op = ops.find((o) => !NO_VALUE_OPS.includes(o)) ?? ops[0] ?? "answered";
  return withValue({ question: q.key, op }, q);
}

/** The leaf with a value that fits its operator (the current one when it still fits). */
export function withValue(leaf: Leaf, q: EditedQuestion | undefined): Leaf {
  const { value, ...rest } = leaf;
  if (!q) return leaf;
  const input = valueInputOf(q, leaf.op);
  const next = fits(input, value) ? value : defaultValue(input);
  return next === undefined ? rest : { ...rest, value: next };
}

/** The leaf pointed at another question: keeps the operator when that question's type supports it. */
export function retarget(leaf: Leaf, q: EditedQuestion): Leaf {
  const ops = operatorsOf(q.type);
  if (!ops.includes(leaf.op)) return newLeaf(q);
  return withValue({ ...leaf, question: q.key }, q);
}

export const newScoreLeaf = (): ScoreLeaf => ({ score: true, op: "gte", value: 0 });

// ---- "always" ----

/**
 * A jump that always applies (Typeform's "Always jump to") is an empty
 * `all`: every one of no conditions holds, as in logic and in
 * Array.prototype.every. (An empty `any` would never hold, so the schema
 * refuses it.)
 */
export const ALWAYS: Condition = { all: [] };
export const isAlways = (c: Condition | undefined) => c !== undefined && "all" in c && c.all.length === 0;

// ---- scores ----

/** Whether the type's definition carries `scores` (choices, yes-no, rating-like types). */
const scoredTypes = new Set<string>(
  definitions.filter((d) => "scores" in (d as unknown as { shape: object }).shape).map((d) => (d as unknown as { shape: { type: { value: string } } }).shape.type.value),
);
export const takesScores = (type: QuestionType) => scoredTypes.has(type);

/** Whether the type's definition carries showIf and jump (every shown type; hidden fields do not). */
const logicTypes = new Set<string>(
  definitions.filter((d) => "showIf" in (d as unknown as { shape: object }).shape).map((d) => (d as unknown as { shape: { type: { value: string } } }).shape.type.value),
);
export const takesLogic = (type: QuestionType) => logicTypes.has(type);

/** The answers `scores` may give points to, as the keys the engine scores them under ("yes"/"no", "7"). */
export function scoreKeysOf(q: EditedQuestion): string[] {
  if (!takesScores(q.type)) return [];
  const answers = finiteAnswers(q) ?? [];
  return answers.map((a) => (typeof a === "boolean" ? (a ? "yes" : "no") : String(a))).filter((k) => k.trim() !== "");
}

// ---- references ----

/** Every question key a condition names. */
export function keysIn(c: Condition | undefined, out = new Set<string>()): Set<string> {
  if (!c) return out;
  if ("all" in c) c.all.forEach((x) => keysIn(x, out));
  else if ("any" in c) c.any.forEach((x) => keysIn(x, out));
  else if ("not" in c) keysIn(c.not, out);
  else if ("question" in c) out.add(c.question);
  return out;
}

function renameIn(c: Condition, from: string, to: string): Condition {
  if ("all" in c) return { all: c.all.map((x) => renameIn(x, from, to)) };
  if ("any" in c) return { any: c.any.map((x) => renameIn(x, from, to)) };
  if ("not" in c) return { not: renameIn(c.not, from, to) };
  if ("question" in c && c.question === from) return { ...c, question: to };
  return c;
}

/**
 * The questions with every reference to key `from` (conditions and jump
 * targets) renamed to `to`: renaming a question or an ending keeps the logic
 * that points at it. Returns null when nothing referred to it.
 */
export function renameReferences<Q extends EditedQuestion>(questions: readonly Q[], from: string, to: string): Q[] | null {
  let changed = false;
  const out = questions.map((q) => {
    const usesInShow = q.showIf !== undefined && keysIn(q.showIf).has(from);
    const usesInJump = q.jump?.some((r) => r.to === from || keysIn(r.if).has(from)) ?? false;
    if (!usesInShow && !usesInJump) return q;
    changed = true;
    const next = { ...q };
    if (usesInShow) next.showIf = renameIn(q.showIf!, from, to);
    if (usesInJump) next.jump = q.jump!.map((r) => ({ if: renameIn(r.if, from, to), to: r.to === from ? to : r.to }));
    return next;
  });
  return changed ? out : null;
}

/**
 * The one key that changed between two lists of keys in the same order
 * (a rename, not a move, add or delete): [from, to]; null otherwise, or when
 * the old key is still used by another entry or the new one already is (the
 * logic then keeps naming the old key, and the save says so).
 */
export function renamedKey(before: readonly string[], after: readonly string[]): [string, string] | null {
  if (before.length !== after.length) return null;
  const changed = before.map((k, i) => (k === after[i] ? -1 : i)).filter((i) => i >= 0);
  if (changed.length !== 1) return null;
  const [i] = changed;
  if (after.includes(before[i]) || after.indexOf(after[i]) !== i || after.lastIndexOf(after[i]) !== i) return null;
  return [before[i], after[i]];
}

/** The numbers (1-based) of questions whose logic names `key`: shown before deleting it. */
export function referencesTo(questions: readonly EditedQuestion[], key: string): number[] {
  const out: number[] = [];
  questions.forEach((q, i) => {
    if (q.key === key) return;
    if ((q.showIf && keysIn(q.showIf).has(key)) || q.jump?.some((r) => r.to === key || keysIn(r.if).has(key))) out.push(i + 1);
  });
  return out;
}

// ---- words ----

const valueWords = (v: ConditionValue | undefined): string =>
  v === undefined ? "" : Array.isArray(v) ? v.map(valueWords).join(", ") : typeof v === "boolean" ? (v ? "yes" : "no") : typeof v === "string" ? `“${v}”` : String(v);

/** A condition in words, for the paths picture: "Q1 is “Yes” and score is at least 10". */
export function describeCondition(c: Condition, label: (key: string) => string): string {
  if (isAlways(c)) return "always";
  const group = (items: Condition[], word: string) => (items.length === 1 ? describeCondition(items[0], label) : `(${items.map((x) => describeCondition(x, label)).join(` ${word} `)})`);
  if ("all" in c) return group(c.all, "and");
  if ("any" in c) return group(c.any, "or");
  if ("not" in c) return `not ${describeCondition(c.not, label)}`;
  if ("score" in c) return `score ${scoreOperatorLabels[c.op] ?? c.op} ${c.value}`;
  const words = `${label(c.question)} ${operatorLabels[c.op] ?? c.op}`;
  return c.value === undefined ? words : `${words} ${valueWords(c.value)}`;
}

/** A jump target in words. */
export function describeTarget(to: string, label: (key: string) => string, endingTitle: (key: string) => string | undefined): string {
  if (to === END) return "the end (default thank-you)";
  const ending = endingTitle(to);
  return ending !== undefined ? `ending “${ending}”` : label(to);
}
