/**
 * What the respondent page derives from the engine (browser-safe, like the
 * engine): the live path over a draft, the recall context that goes with it,
 * the ending screen reached, and which questions logic can leave off the
 * path. The page never evaluates logic itself; it asks computePath.
 */
import { computePath, isEmptyAnswer, type PathResult } from "./engine";
import { recall, type RecallContext } from "./recall";
import type { Ending, LogicForm } from "./types";

export interface LivePath {
  path: PathResult;
  /** Whether the question with this key is on the path (hidden fields always are; unknown keys are not). */
  onPath: (key: string) => boolean;
  /** The answers on the path (empty ones left out): what is sent and validated. */
  answers: Record<string, unknown>;
  /** Recall over the answers on the path and the score. */
  text: (template: string) => string;
}

/** The path for the answers so far, and what goes with it. */
export function livePath(form: LogicForm, draft: Readonly<Record<string, unknown>>): LivePath {
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) if (!isEmptyAnswer(value)) given[key] = value;
  const path = computePath(form, given);
  const on = new Map(form.questions.map((q, i) => [q.key, path.onPath[i]]));
  const answers: Record<string, unknown> = {};
  const seen = new Map<string, unknown>();
  for (const [key, value] of Object.entries(given)) {
    if (!on.get(key)) continue;
    answers[key] = value;
    seen.set(key, value);
  }
  const ctx: RecallContext = { keys: new Set(on.keys()), answers: seen, score: path.score };
  return { path, onPath: (key) => on.get(key) === true, answers, text: (template) => recall(template, ctx) };
}

/**
 * Per question (schema order): whether logic may leave it off the path: it
 * has showIf, an earlier question may jump past it (to a later question, an
 * ending or "end"), or it follows a question that may end the form. Such a
 * question is never marked required in the page's HTML before the page runs
 * (without JavaScript every question shows and the server applies the logic).
 */
export function mayLeavePath(form: LogicForm): boolean[] {
  const index = new Map(form.questions.map((q, i) => [q.key, i]));
  // Questions before this index may be jumped over (the furthest a jump seen so far can skip to).
  let skippedUntil = -1;
  return form.questions.map((q, i) => {
    const skippable = q.type !== "hidden" && (q.showIf !== undefined || i < skippedUntil);
    for (const rule of q.jump ?? []) {
      const to = index.get(rule.to);
      // A question key jumps up to there; anything else (an ending, "end", an unknown key) may end the form.
      skippedUntil = Math.max(skippedUntil, to !== undefined && to > i ? to : Number.POSITIVE_INFINITY);
    }
    return skippable;
  });
}

/** The ending with this key, or null (the default ending: the form's thankYouMessage). */
export const endingOf = (form: LogicForm, key: string | null): Ending | null =>
  key === null ? null : (form.endings ?? []).find((e) => e.key === key) ?? null;

/**
 * The address to send the respondent to, when it is an absolute http(s) URL
 * (as the schema requires of redirectUrl); anything else (javascript:, data:,
 * relative) is never followed.
 */
export function safeRedirectUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The placeholder keys a template names (to carry only what an ending screen recalls). */
export function recalledKeys(template: string | undefined): string[] {
  if (!template) return [];
  return [...template.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_-]{0,63})\s*\}\}/g)].map((m) => m[1]);
}
