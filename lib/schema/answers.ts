/**
 * Validation of a respondent's answers against a (published) form schema.
 * Browser-safe: the renderer checks answers with the same rules the server
 * enforces, and shows the server's 400 details the same way.
 */
import { z } from "zod";
import type { FormSchema, Question } from "./form-schema";

export type AnswerValue = string | number | boolean | string[];
export type Answers = Record<string, AnswerValue>;

const REQUIRED = "This question is required";

function valueSchema(q: Question): z.ZodType | null {
  switch (q.type) {
    case "short-text":
      return z.string().trim().max(q.maxLength ?? 1000, `At most ${q.maxLength ?? 1000} characters`);
    case "long-text":
      return z.string().trim().max(q.maxLength ?? 10000, `At most ${q.maxLength ?? 10000} characters`);
    case "email":
      return z.email("Enter a valid email address").max(254);
    case "url":
      return z.url({ protocol: /^https?$/, error: "Enter a full web address, like https://example.com" }).max(2000);
    case "phone":
      return z.string().trim().regex(/^\+?[0-9][0-9 ().-]{3,24}$/, "Enter a valid phone number");
    case "number": {
      let s = z.number("Enter a number");
      if (q.min !== undefined) s = s.min(q.min, `Enter ${q.min} or more`);
      if (q.max !== undefined) s = s.max(q.max, `Enter ${q.max} or less`);
      return s;
    }
    case "single-choice":
    case "dropdown":
      return z.enum(q.options as [string, ...string[]], "Pick one of the options");
    case "multiple-choice": {
      let s = z
        .array(z.enum(q.options as [string, ...string[]], "Pick from the options"))
        .refine((list) => new Set(list).size === list.length, "Each option can be picked once");
      if (q.minSelections) s = s.refine((l) => l.length >= q.minSelections!, `Pick at least ${q.minSelections}`);
      if (q.maxSelections) s = s.refine((l) => l.length <= q.maxSelections!, `Pick at most ${q.maxSelections}`);
      return s;
    }
    case "rating":
      return z.int("Pick a whole number").min(q.scaleMin, `Pick ${q.scaleMin} to ${q.scaleMax}`).max(q.scaleMax, `Pick ${q.scaleMin} to ${q.scaleMax}`);
    case "nps":
      return z.int("Pick a whole number").min(0, "Pick 0 to 10").max(10, "Pick 0 to 10");
    case "yes-no":
      return z.boolean("Answer yes or no");
    case "date": {
      let s = z.iso.date("Enter a date as YYYY-MM-DD");
      if (q.min) s = s.refine((d) => d >= q.min!, `Pick ${q.min} or later`) as unknown as typeof s;
      if (q.max) s = s.refine((d) => d <= q.max!, `Pick ${q.max} or earlier`) as unknown as typeof s;
      return s;
    }
    case "hidden":
      return z.string().max(500, "At most 500 characters");
    case "statement":
      return null;
  }
}

// Checked before the type, so a missing answer says "required", not "expected a number".
const requiredValue = (value: z.ZodType) =>
  z.any().refine((v) => v !== undefined, { message: REQUIRED, abort: true }).pipe(value);

// Whitespace-only text is no answer either: a required question must not accept "   ".
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

/**
 * The zod schema for one submission. Unknown keys are rejected; empty values
 * ("" / null / []) count as not answered. With `partial`, required questions
 * may be missing (a response in progress), but every given value is checked.
 */
export function answersSchema(schema: Pick<FormSchema, "questions">, { partial = false } = {}) {
  const shape: Record<string, z.ZodType> = {};
  for (const q of schema.questions) {
    const value = valueSchema(q);
    if (!value) continue;
    const required = !partial && q.type !== "hidden" && q.required === true;
    shape[q.key] = required ? requiredValue(value) : value.optional();
  }
  return z.preprocess(
    (input) =>
      input && typeof input === "object" && !Array.isArray(input)
        ? Object.fromEntries(Object.entries(input).filter(([, v]) => !isEmpty(v)))
        : input,
    z.strictObject(shape),
  ) as unknown as z.ZodType<Answers>;
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
