/**
 * What a response records about its path for analytics, computed when it is
 * written (from the same path the server enforces, lib/logic):
 *
 * - finished: the shown questions its path held that it left unanswered
 *   (Response.pathUnanswered, and the "~" counter of each, answer-stats.ts),
 *   so that per question "on the path" = answered + on the path unanswered;
 * - unfinished: where the respondent stopped (Response.leftAt): the first
 *   shown question on their path after the last one they answered (the first
 *   one when they answered none), i.e. the question they were looking at when
 *   they left; null when no question is left (they only did not press submit).
 *
 * Hidden fields are never shown and statements take no answer: neither is
 * "unanswered" nor a place to stop (a respondent who leaves on a statement is
 * counted at the next question, as nothing tells whether they read it).
 */
import { computePath, hasLogic, isEmptyAnswer, type LogicForm } from "@/lib/logic";

export interface PathColumns {
  /** JSON array of question keys, or null when there are none (and while unfinished). */
  pathUnanswered: string | null;
  /** The question the respondent stopped at (unfinished only). */
  leftAt: string | null;
}

const answerable = (q: { type: string }) => q.type !== "hidden" && q.type !== "statement";

/**
 * The path columns of a response with these answers (hidden values
 * included). `onPath`: the path the server already computed (finished
 * responses of forms with logic); otherwise it is computed here (unfinished)
 * or is every question (finished, no logic).
 */
export function pathColumns(form: LogicForm, answers: Readonly<Record<string, unknown>>, finished: boolean, onPath: readonly boolean[] | null): PathColumns {
  const questions = form.questions;
  const path = onPath ?? (!finished && hasLogic(form) ? computePath(form, answers).onPath : null);
  const on = (i: number) => (path ? path[i] : true) && answerable(questions[i]);
  const answered = (i: number) => Object.hasOwn(answers, questions[i].key) && !isEmptyAnswer(answers[questions[i].key]);
  if (finished) {
    const keys: string[] = [];
    for (let i = 0; i < questions.length; i++) if (on(i) && !answered(i)) keys.push(questions[i].key);
    return { pathUnanswered: keys.length ? JSON.stringify(keys) : null, leftAt: null };
  }
  let last = -1;
  for (let i = 0; i < questions.length; i++) if (on(i) && answered(i)) last = i;
  for (let i = last + 1; i < questions.length; i++) if (on(i)) return { pathUnanswered: null, leftAt: questions[i].key };
  return { pathUnanswered: null, leftAt: null };
}

/** The keys stored in Response.pathUnanswered. */
export const unansweredKeys = (column: string | null): string[] => (column ? (JSON.parse(column) as string[]) : []);
