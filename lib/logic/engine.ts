/**
 * The logic engine: from a form schema and answers, which questions are on
 * the respondent's path, which ending they reach and their score. One module
 * for the builder preview, both respondent modes and the server (which
 * recomputes it when a response is finished and stores only what the path
 * allows), so the page and the server can never disagree.
 *
 * Browser-safe and dependency-free (no React, no database, no zod).
 * Evaluation is by the answer's shape, never by a per-type switch: which
 * operators fit which type is the registry's business, checked when a draft
 * is saved (./validate.ts); a stored answer of an unexpected shape simply
 * makes a comparison false.
 */
import { END, type Condition, type ConditionValue, type LogicForm, type LogicQuestion } from "./types";

/** What an answer is for the engine: "" / null / [] are no answer (as in lib/schema/answers.ts). */
export const isEmptyAnswer = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

/** The answers a condition may read: only questions on the path so far (Map: keys are untrusted). */
export type Seen = ReadonlyMap<string, unknown>;

const norm = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const same = (a: unknown, b: unknown) => norm(a) === norm(b);

/** a ⋚ b for two numbers or two strings (ISO dates and HH:MM times order as text); NaN otherwise. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  return Number.NaN;
}

function contains(answer: unknown, value: unknown): boolean {
  // Picks: one of them is the value. Text: a case-insensitive substring.
  if (Array.isArray(answer)) return answer.some((pick) => same(pick, value));
  return typeof answer === "string" && typeof value === "string" && answer.toLowerCase().includes(value.toLowerCase());
}

/** One operator on an answer (undefined: not answered, or off the path). notX is exactly !X. */
function test(op: string, answer: unknown, value: ConditionValue | undefined): boolean {
  const answered = answer !== undefined;
  switch (op) {
    case "answered": return answered;
    case "notAnswered": return !answered;
    case "equals": return answered && same(answer, value);
    case "notEquals": return !test("equals", answer, value);
    case "in": return answered && Array.isArray(value) && value.some((v) => same(answer, v));
    case "notIn": return !test("in", answer, value);
    case "contains": return answered && contains(answer, value);
    case "notContains": return !test("contains", answer, value);
    case "gt": return compare(answer, value) > 0;
    case "gte": return compare(answer, value) >= 0;
    case "lt": return compare(answer, value) < 0;
    case "lte": return compare(answer, value) <= 0;
  }
  // Saved drafts only hold known operators (./validate.ts); an unknown one never holds.
  return false;
}

/** Whether a condition holds, given the answers on the path so far and the score so far. */
export function holds(c: Condition, seen: Seen, score: number): boolean {
  if ("all" in c) return c.all.every((x) => holds(x, seen, score));
  if ("any" in c) return c.any.some((x) => holds(x, seen, score));
  if ("not" in c) return !holds(c.not, seen, score);
  if ("score" in c) return test(c.op, score, c.value);
  return test(c.op, seen.get(c.question), c.value);
}

/** The key an answer is scored under: the option, "yes"/"no", or the scale value. */
const scoreKey = (v: unknown) => (typeof v === "boolean" ? (v ? "yes" : "no") : String(v));

/** The points one answer earns (picks earn the sum of theirs); unknown keys earn nothing. */
export function scoreOf(q: LogicQuestion, answer: unknown): number {
  const scores = q.scores;
  if (!scores || isEmptyAnswer(answer)) return 0;
  const points = (v: unknown) => {
    const key = scoreKey(norm(v));
    return Object.hasOwn(scores, key) ? scores[key] : 0;
  };
  return Array.isArray(answer) ? answer.reduce((s: number, v) => s + points(v), 0) : points(answer);
}

export interface PathResult {
  /** Per question (schema order): whether it is on the path. Hidden fields always are. */
  onPath: boolean[];
  /** The ending reached (an ending's key), or null for the default ending. */
  ending: string | null;
  /** The sum of `scores` over the answers on the path; null when no question has scores. */
  score: number | null;
}

/**
 * Walks the form once, in order. A question is on the path when no jump
 * skipped it, no ending was reached before it and its showIf holds (read
 * from the answers of questions ON the path before it, so an answer left
 * behind on a skipped question counts as no answer). Leaving a question on
 * the path, its first jump rule that holds wins. Hidden fields carry the
 * page URL's metadata: never shown, always on the path.
 */
export function computePath(form: LogicForm, answers: Readonly<Record<string, unknown>>): PathResult {
  const endingKeys = new Set((form.endings ?? []).map((e) => e.key));
  const seen = new Map<string, unknown>();
  const onPath: boolean[] = [];
  let hasScores = false;
  let score = 0;
  let target: string | null = null;
  let ended = false;
  let ending: string | null = null;
  for (const q of form.questions) {
    if (q.scores) hasScores = true;
    const answer = Object.hasOwn(answers, q.key) && !isEmptyAnswer(answers[q.key]) ? answers[q.key] : undefined;
    if (q.type === "hidden") {
      onPath.push(true);
      if (answer !== undefined) seen.set(q.key, answer);
      continue;
    }
    if (target !== null && q.key === target) target = null;
    if (ended || target !== null || (q.showIf && !holds(q.showIf, seen, score))) {
      onPath.push(false);
      continue;
    }
    onPath.push(true);
    if (answer !== undefined) {
      seen.set(q.key, answer);
      score += scoreOf(q, answer);
    }
    const rule = q.jump?.find((r) => holds(r.if, seen, score));
    if (!rule) continue;
    if (rule.to === END || endingKeys.has(rule.to)) {
      ended = true;
      ending = rule.to === END ? null : rule.to;
    } else target = rule.to;
  }
  return { onPath, ending, score: hasScores ? score : null };
}

/** Whether a form uses logic at all (a form without it needs no path). */
export const hasLogic = (form: LogicForm) =>
  (form.endings?.length ?? 0) > 0 || form.questions.some((q) => q.showIf !== undefined || (q.jump?.length ?? 0) > 0 || q.scores !== undefined);
