/**
 * Validation of a respondent's answers against a (published) form schema.
 * Browser-safe: the renderer checks answers with the same rules the server
 * enforces, and shows the server's 400 details the same way.
 *
 * Written with `zod/mini` (the functional API over the same zod core as
 * classic `zod`): same checks, same issues, same messages, without classic's
 * method-per-schema layer, so the respondent page (the only browser user)
 * ships 23.8 KB gzip of validation instead of 30.2 KB. (Turbopack keeps zod's
 * core schemas module whole; finer tree-shaking would need its experimental
 * module fragments.) Classic zod stays everywhere else (API routes, builder).
 */
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";
import type { Translate } from "@/lib/i18n/translator";
import { isBlankText } from "@/lib/question-types/answer-checks";
import { answerSchemas } from "@/lib/question-types/answers";
import type { FormSchema, Question } from "./form-schema";

/** A matrix answer: row → column (or columns, with `multiple`). */
export type MatrixAnswer = Record<string, string | string[]>;
export type AnswerValue = string | number | boolean | string[] | MatrixAnswer;
export type Answers = Record<string, AnswerValue>;
/** A compiled answers validator (what answersSchema returns). */
export type AnswersValidator = z.ZodMiniType<Answers>;

// Classic zod installs its English messages when its first schema is built;
// zod/mini leaves them out (tree-shaking). The messages not written below
// ("Invalid input: expected string, received number", "Too big: …") must read
// the same in the browser and on the server, whichever zod loaded first, so
// install the same locale the same way: only when none is set.
if (!z.config().localeError) z.config(en());

export { HIDDEN_VALUE_MAX } from "@/lib/question-types/hidden/answer";

// Checked before the type, so a missing answer says "required", not "expected a number".
const requiredValue = (value: z.ZodMiniType, message: string) =>
  z.pipe(z.any().check(z.refine((v) => v !== undefined, { message, abort: true })), value);

// Text that shows nothing is no answer either: a required question must not accept "   " or "\u200b".
export const isEmptyAnswer = (v: unknown) => v === undefined || v === null || (typeof v === "string" && isBlankText(v)) || (Array.isArray(v) && v.length === 0);

// Empty values ("" / null / []) are dropped before the object is checked (zod/mini's preprocess).
const dropEmpty = (input: unknown) =>
  input && typeof input === "object" && !Array.isArray(input)
    ? Object.fromEntries(Object.entries(input).filter(([, v]) => !isEmptyAnswer(v)))
    : input;

/**
 * The zod schema for one submission. Unknown keys are rejected; empty values
 * ("" / null / []) count as not answered. With `partial`, required questions
 * may be missing (a response in progress), but every given value is checked.
 * Messages are `t`'s: the respondent's language (lib/i18n).
 */
export function answersSchema(schema: Pick<FormSchema, "questions">, { partial = false, t }: { partial?: boolean; t: Translate }): AnswersValidator {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const q of schema.questions) {
    const value = (answerSchemas[q.type] as (q: Question, options: { partial: boolean; t: Translate }) => z.ZodMiniType | null)(q, { partial, t });
    if (!value) continue;
    const required = !partial && q.type !== "hidden" && q.required === true;
    shape[q.key] = required ? requiredValue(value, t("vRequired")) : z.optional(value);
  }
  return z.pipe(z.transform(dropEmpty), z.strictObject(shape)) as unknown as AnswersValidator;
}

/** Splits validated answers into respondent answers and hidden-question metadata. */
export function splitMetadata(schema: Pick<FormSchema, "questions">, values: Answers) {
  const hiddenKeys = new Set(schema.questions.filter((q) => q.type === "hidden").map((q) => q.key));
  const answers: Answers = {};
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (hiddenKeys.has(key)) metadata[key] = String(value);
    else answers[key] = value;
  }
  return { answers, metadata };
}
