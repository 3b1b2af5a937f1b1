/**
 * Browser-side checks with the server's own schema (lib/schema/answers.ts), so
 * a message shown before submitting is the message the server would give.
 * Errors are keyed by question key; the server's 400 details ("answers.<key>")
 * map onto the same keys.
 */
import { answersSchema, type AnswerValue, type Answers } from "@/lib/schema/answers";
import type { Translate } from "@/lib/i18n/translator";
import type { Question } from "@/lib/schema/form-schema";

export type Draft = Record<string, AnswerValue | undefined>;
export type FieldErrors = Record<string, string>;

/** Only the answers worth sending: empty values (as answers.ts counts them) are not answers. */
export function compact(draft: Draft): Answers {
  const out: Answers = {};
  for (const [key, value] of Object.entries(draft)) {
    if (value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out;
}

/** The first message per question key, in the page's language (`t`). `partial` lets required answers be missing. */
export function checkAnswers(questions: Question[], draft: Draft, t: Translate, partial = false): FieldErrors {
  const result = answersSchema({ questions }, { partial, t }).safeParse(compact(draft));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export { errorsFromDetails, type AnswerErrorDetail as ErrorDetail } from "@/lib/public/form-fields";
