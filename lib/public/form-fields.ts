/**
 * Names of the respondent page's own fields (browser-safe; shared by the
 * renderer and the no-JavaScript post handler). Question keys start with a
 * letter, so these "_" names can never collide with a question.
 */
export const START_TOKEN_FIELD = "_start";
/** The honeypot: a field people never see; bots fill it. */
export const HONEYPOT_FIELD = "_website";
/** The page's language (lib/i18n), posted back so the response records it and messages come in it. */
export const LANGUAGE_FIELD = "_lang";

export interface AnswerErrorDetail {
  path: string;
  message: string;
}

/** The API's 400 details (path "answers.<key>") as one message per question key. */
export function errorsFromDetails(details: readonly AnswerErrorDetail[] | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const d of details ?? []) {
    const match = /^answers\.([^.]+)/.exec(d.path);
    if (match && !errors[match[1]]) errors[match[1]] = d.message;
  }
  return errors;
}
