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
import type { FormSchema, Question } from "./form-schema";

export type AnswerValue = string | number | boolean | string[];
export type Answers = Record<string, AnswerValue>;
/** A compiled answers validator (what answersSchema returns). */
export type AnswersValidator = z.ZodMiniType<Answers>;

// Classic zod installs its English messages when its first schema is built;
// zod/mini leaves them out (tree-shaking). The messages not written below
// ("Invalid input: expected string, received number", "Too big: …") must read
// the same in the browser and on the server, whichever zod loaded first, so
// install the same locale the same way: only when none is set.
if (!z.config().localeError) z.config(en());

const REQUIRED = "This question is required";
/** The longest value a hidden question stores (and a metadata filter can match). */
export const HIDDEN_VALUE_MAX = 500;

function valueSchema(q: Question): z.ZodMiniType | null {
  switch (q.type) {
    case "short-text":
      return z.string().check(z.trim(), z.maxLength(q.maxLength ?? 1000, `At most ${q.maxLength ?? 1000} characters`));
    case "long-text":
      return z.string().check(z.trim(), z.maxLength(q.maxLength ?? 10000, `At most ${q.maxLength ?? 10000} characters`));
    case "email":
      return z.email("Enter a valid email address").check(z.maxLength(254));
    case "url":
      return z.url({ protocol: /^https?$/, error: "Enter a full web address, like https://example.com" }).check(z.maxLength(2000));
    case "phone":
      return z.string().check(z.trim(), z.regex(/^\+?[0-9][0-9 ().-]{3,24}$/, "Enter a valid phone number"));
    case "number": {
      const checks: z.core.$ZodCheck<number>[] = [];
      if (q.min !== undefined) checks.push(z.gte(q.min, `Enter ${q.min} or more`));
      if (q.max !== undefined) checks.push(z.lte(q.max, `Enter ${q.max} or less`));
      return z.number("Enter a number").check(...checks);
    }
    case "single-choice":
    case "dropdown":
      return z.enum(q.options as [string, ...string[]], "Pick one of the options");
    case "multiple-choice": {
      const checks: z.core.$ZodCheck<string[]>[] = [z.refine((list) => new Set(list).size === list.length, "Each option can be picked once")];
      if (q.minSelections) checks.push(z.refine((l) => l.length >= q.minSelections!, `Pick at least ${q.minSelections}`));
      if (q.maxSelections) checks.push(z.refine((l) => l.length <= q.maxSelections!, `Pick at most ${q.maxSelections}`));
      return z.array(z.enum(q.options as [string, ...string[]], "Pick from the options")).check(...checks);
    }
    case "rating":
      return z.int("Pick a whole number").check(z.gte(q.scaleMin, `Pick ${q.scaleMin} to ${q.scaleMax}`), z.lte(q.scaleMax, `Pick ${q.scaleMin} to ${q.scaleMax}`));
    case "nps":
      return z.int("Pick a whole number").check(z.gte(0, "Pick 0 to 10"), z.lte(10, "Pick 0 to 10"));
    case "yes-no":
      return z.boolean("Answer yes or no");
    case "date": {
      const checks: z.core.$ZodCheck<string>[] = [];
      if (q.min) checks.push(z.refine((d) => d >= q.min!, `Pick ${q.min} or later`));
      if (q.max) checks.push(z.refine((d) => d <= q.max!, `Pick ${q.max} or earlier`));
      return z.iso.date("Enter a date as YYYY-MM-DD").check(...checks);
    }
    case "hidden":
      return z.string().check(z.maxLength(HIDDEN_VALUE_MAX, `At most ${HIDDEN_VALUE_MAX} characters`));
    case "statement":
      return null;
  }
}

// Checked before the type, so a missing answer says "required", not "expected a number".
const requiredValue = (value: z.ZodMiniType) =>
  z.pipe(z.any().check(z.refine((v) => v !== undefined, { message: REQUIRED, abort: true })), value);

// Whitespace-only text is no answer either: a required question must not accept "   ".
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

// Empty values ("" / null / []) are dropped before the object is checked (zod/mini's preprocess).
const dropEmpty = (input: unknown) =>
  input && typeof input === "object" && !Array.isArray(input)
    ? Object.fromEntries(Object.entries(input).filter(([, v]) => !isEmpty(v)))
    : input;

/**
 * The zod schema for one submission. Unknown keys are rejected; empty values
 * ("" / null / []) count as not answered. With `partial`, required questions
 * may be missing (a response in progress), but every given value is checked.
 */
export function answersSchema(schema: Pick<FormSchema, "questions">, { partial = false } = {}): AnswersValidator {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const q of schema.questions) {
    const value = valueSchema(q);
    if (!value) continue;
    const required = !partial && q.type !== "hidden" && q.required === true;
    shape[q.key] = required ? requiredValue(value) : z.optional(value);
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
