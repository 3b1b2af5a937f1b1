/**
 * The respondent page's view of the form's logic: the question as shown
 * (recall applied, required mark only where it applies) and the ending
 * screen. The logic itself is the engine's (lib/logic); nothing here
 * evaluates a condition. No React: the thanks page renders it on the server.
 */
import type { LivePath } from "@/lib/logic/respondent";
import { endingOf, safeRedirectUrl } from "@/lib/logic/respondent";
import type { Translate } from "@/lib/i18n/translator";
import type { Ending } from "@/lib/logic/types";
import type { VisibleQuestion } from "./question-field";

export type Recall = (text: string) => string;

/**
 * A question as the respondent sees it: title, description (and a consent's
 * statement) with recall applied, as text. `markRequired: false` drops the
 * required mark: before the page runs, a question logic may leave off the
 * path is not marked required (the server decides, from the path).
 */
export function shownQuestion(q: VisibleQuestion, recall: Recall, markRequired: boolean): VisibleQuestion {
  const shown: Record<string, unknown> = { ...q, title: recall(q.title) };
  if (q.description) shown.description = recall(q.description);
  if ("text" in q && typeof q.text === "string" && q.text) shown.text = recall(q.text);
  if (!markRequired && "required" in q && q.required) shown.required = false;
  return shown as VisibleQuestion;
}

/** What the thank-you screen shows (plain data: the no-JavaScript thanks page builds it on the server). */
export interface EndingScreen {
  /** The ending's key; null for the default ending. */
  key: string | null;
  title: string;
  message: string | null;
  /** Where the respondent is sent on (an http(s) URL), if the ending says so. */
  redirectUrl: string | null;
}

/** The ending screen for an ending key (null: the default ending, the form's thankYouMessage), recall applied. */
export function endingScreen(
  schema: { endings?: readonly Ending[]; thankYouMessage?: string },
  key: string | null,
  t: Translate,
  recall: Recall = (text) => text,
): EndingScreen {
  const ending = endingOf({ questions: [], endings: schema.endings }, key);
  if (!ending) {
    return schema.thankYouMessage
      ? { key: null, title: t("thanksTitle"), message: recall(schema.thankYouMessage), redirectUrl: null }
      : { key: null, title: t("thanksDefaultTitle"), message: t("thanksDefaultMessage"), redirectUrl: null };
  }
  return {
    key: ending.key,
    title: recall(ending.title),
    message: ending.message ? recall(ending.message) : null,
    redirectUrl: safeRedirectUrl(ending.redirectUrl),
  };
}

/** The ending screen a finished path reached. */
export const reachedScreen = (schema: { endings?: readonly Ending[]; thankYouMessage?: string }, live: LivePath, t: Translate) =>
  endingScreen(schema, live.path.ending, t, live.text);
